"""Words of CJK text the glossary does not know, as TypeScript's ``Intl.Segmenter("zh", {granularity: "word"})``
(search/analysis/segment.ts ``segmentWordsIcu``) cuts them: ICU's dictionary-based word break iterator through PyICU
(Debian ``python3-icu``, or ``pip install PyICU``), keeping the segments with a letter or a number. ICU 72 (Debian
bookworm) and Node's ICU 78 cut every CJK run of the repository's labelled sets and catalogs the same way (measured on
every substring of them; app/api/v1/python-sdk.test.ts ranks all their requests over their tools identically). Without PyICU such a stretch is kept as one word, and rankings of requests
that have one may differ from TypeScript's."""

from __future__ import annotations

import threading
import warnings
from typing import Any, List, Optional

from .unicode import WORDY_CHAR

__all__ = ["segment_words_icu", "icu_available"]

_iterator: Any = None
_missing = False
_lock = threading.Lock()  # one ICU iterator, not thread-safe


def _load() -> Optional[Any]:
    global _iterator, _missing
    if _iterator is None and not _missing:
        try:
            import icu  # type: ignore[import-not-found]

            _iterator = icu.BreakIterator.createWordInstance(icu.Locale("zh"))
        except ImportError:
            _missing = True
            warnings.warn(
                "PyICU is not installed: CJK words outside the glossary are not segmented as the TypeScript SDK "
                "segments them (apt-get install python3-icu, or pip install PyICU)",
                RuntimeWarning,
                stacklevel=3,
            )
    return _iterator


def icu_available() -> bool:
    return _load() is not None


def segment_words_icu(text: str) -> List[str]:
    iterator = _load()
    if iterator is None:
        return [text] if WORDY_CHAR.search(text) else []
    with _lock:
        iterator.setText(text)
        iterator.first()
        ends = list(iterator)
    # ICU answers UTF-16 offsets; map them to code point offsets when the text has astral characters.
    astral = any(ord(c) > 0xFFFF for c in text)
    positions = {}
    if astral:
        unit = 0
        for i, char in enumerate(text):
            positions[unit] = i
            unit += 2 if ord(char) > 0xFFFF else 1
        positions[unit] = len(text)
    out: List[str] = []
    start = 0
    for end in ends:
        end = positions[end] if astral else end
        word = text[start:end]
        start = end
        if WORDY_CHAR.search(word):
            out.append(word)
    return out
