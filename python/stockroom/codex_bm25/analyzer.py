"""The ``bm25`` crate's DefaultTokenizer for English: deunicode, lowercase, UAX #29 words, NLTK stop words,
Snowball English (``snowballstemmer``, which matches rust-stemmers 1.2 on every word of the test corpora)."""

from __future__ import annotations

from typing import Callable, Dict, List

from ._tables import STOPWORDS_EN
from .deunicode import deunicode

__all__ = ["analyze", "split_words"]

_OTHER, _LETTER, _NUMERIC, _MID_NUM_LET_Q, _MID_LETTER, _MID_NUM, _EXTEND_NUM_LET, _BREAK = range(8)


def _class_of(code: int) -> int:
    char = chr(code)
    if char.isascii() and char.isalpha():
        return _LETTER
    if "0" <= char <= "9":
        return _NUMERIC
    if char in ".'":
        return _MID_NUM_LET_Q
    if char == ":":
        return _MID_LETTER
    if char in ",;":
        return _MID_NUM
    if char == "_":
        return _EXTEND_NUM_LET
    return _BREAK if 0x0A <= code <= 0x0D else _OTHER


_CLASS = [_class_of(code) for code in range(128)]


def _is_alnum(cls: int) -> bool:
    return cls in (_LETTER, _NUMERIC)


def _joined(classes: List[int], i: int, left: int, right: int) -> bool:
    """True when UAX #29 puts no boundary between positions i and i + 1 (ASCII rules, as search/analysis/segment.ts)."""
    after = classes[i + 2] if i + 2 < len(classes) else _OTHER
    if left == _LETTER:
        if right in (_LETTER, _NUMERIC, _EXTEND_NUM_LET):
            return True  # WB5, WB9, WB13a
        return right in (_MID_LETTER, _MID_NUM_LET_Q) and after == _LETTER  # WB6
    if left == _NUMERIC:
        if right in (_NUMERIC, _LETTER, _EXTEND_NUM_LET):
            return True  # WB8, WB10, WB13a
        return right in (_MID_NUM, _MID_NUM_LET_Q) and after == _NUMERIC  # WB12
    if left == _EXTEND_NUM_LET:
        return _is_alnum(right) or right == _EXTEND_NUM_LET  # WB13b, WB13a
    if left in (_MID_LETTER, _MID_NUM_LET_Q, _MID_NUM):
        before = classes[i - 1] if i >= 1 else _OTHER
        if before == _LETTER and right == _LETTER and left != _MID_NUM:
            return True  # WB7
        if before == _NUMERIC and right == _NUMERIC and left != _MID_LETTER:
            return True  # WB11
    return False


def split_words(text: str) -> List[str]:
    """``unicode_words()`` of ASCII text (all text is ASCII after deunicode): words with a letter or a number."""
    if not text.isascii():
        raise ValueError("split_words takes ASCII text (run deunicode first)")
    classes = [_CLASS[ord(char)] for char in text]
    out: List[str] = []
    n = len(text)
    start = 0
    left = classes[0] if n else _OTHER
    has_alnum = _is_alnum(left)
    for i in range(n):
        right = classes[i + 1] if i + 1 < n else _OTHER
        if i + 1 < n and _joined(classes, i, left, right):
            has_alnum = has_alnum or _is_alnum(right)
            left = right
            continue
        if has_alnum:
            out.append(text[start : i + 1])
        start = i + 1
        has_alnum = _is_alnum(right)
        left = right
    return out


def _load_stemmer() -> Callable[[str], str]:
    try:
        import snowballstemmer  # type: ignore[import-not-found]
    except ImportError as error:
        raise ImportError(
            "The codex-bm25 profile ranks locally with Snowball English from the `snowballstemmer` package: "
            "pip install snowballstemmer (or apt-get install python3-snowballstemmer), or rank through hosted search."
        ) from error
    stemmer = snowballstemmer.stemmer("english")
    memo: Dict[str, str] = {}

    def stem(word: str) -> str:
        stemmed = memo.get(word)
        if stemmed is None:
            stemmed = stemmer.stemWord(word)
            if len(memo) >= 200_000:
                memo.clear()  # vocabularies are small; a bound keeps an adversarial stream from growing it
            memo[word] = stemmed
        return stemmed

    return stem


_stem: "Callable[[str], str] | None" = None


def analyze(text: str) -> List[str]:
    """Tokens of ``text`` exactly as the crate's English DefaultTokenizer produces them."""
    global _stem
    if not text:
        return []
    if _stem is None:
        _stem = _load_stemmer()
    stem = _stem
    return [stem(word) for word in split_words(deunicode(text).lower()) if word not in STOPWORDS_EN]
