"""The stockroom profile's analyzer, a port of search/analysis/stockroom-analyzer.ts (with identifiers.ts, cjk.ts,
pipeline.ts): NFKC → CJK runs out (glossary translation, ICU words) → deunicode → identifier words (snake, kebab,
dotted, camel; lowercase) → NLTK stop words and request filler → Snowball English."""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from . import _tables
from ..codex_bm25.analyzer import _load_stemmer
from ..codex_bm25.deunicode import deunicode
from .segment import segment_words_icu
from .unicode import CJK, nfkc, utf16_len

__all__ = ["Glossary", "analyze", "analyze_detailed", "english", "has_cjk", "identifier_words", "parse_glossary"]

_STOP = frozenset(_tables.STOPWORDS) | frozenset(_tables.REQUEST_FILLER)
_RUN = re.compile(r"[A-Za-z0-9]+")
CJK_RUN = re.compile("[%s]+" % CJK)
# cjk.ts MAY_BE_CJK on UTF-16 code units: every astral character has a high surrogate in D800-DBFF.
_MAY_BE_CJK = re.compile("[\u1100-\u11ff\u2e80-\ua97f\uac00-\udbff\uf900-\ufaff\uff00-\uffef\U00010000-\U0010ffff]")
_MAX_REMEMBERED = 200_000

_stem = None
_runs: Dict[str, Tuple[str, ...]] = {}


def _is_camel_boundary(word: str, k: int) -> bool:
    before, at = word[k - 1], word[k]
    if before.islower() and at.isupper():
        return True
    return before.isupper() and at.isupper() and k + 1 < len(word) and word[k + 1].islower()


def _run_words(run: str) -> List[str]:
    """identifierWords of one run of ASCII letters and digits."""
    if run.islower() or not any(c.isupper() for c in run):
        return [run.lower()]
    n = len(run)
    if n >= 3 and run[-1] == "s" and all(c.isupper() for c in run[:-1]):
        return [run[:-1].lower()]  # an acronym's plural ("PRs", "APIs") is the acronym
    lower = run.lower()
    out = [lower]
    cuts = [k for k in range(1, n) if _is_camel_boundary(run, k)]
    if cuts:
        start = 0
        for k in cuts:
            out.append(lower[start:k])
            start = k
        out.append(lower[start:])
    return out


def identifier_words(text: str) -> List[str]:
    """Lowercase words of ASCII text split as identifiers (identifiers.ts ``identifierWords``)."""
    out: List[str] = []
    for run in _RUN.findall(text):
        out.extend(_run_words(run))
    return out


def _finish_run(run: str) -> Tuple[str, ...]:
    global _stem
    if _stem is None:
        _stem = _load_stemmer()
    return tuple(_stem(token) for token in _run_words(run) if token not in _STOP)


def english(text: str) -> List[str]:
    """stockroomEnglishAnalyzer().analyze: deunicode, identifier words, stop words, Snowball English."""
    if not text:
        return []
    out: List[str] = []
    runs = _runs
    for run in _RUN.findall(deunicode(text)):
        tokens = runs.get(run)
        if tokens is None:
            if len(runs) >= _MAX_REMEMBERED:
                runs.clear()
            tokens = runs[run] = _finish_run(run)
        out.extend(tokens)
    return out


class Glossary:
    """CJK word → English words, and the longest key (for forward maximum matching)."""

    def __init__(self, entries: Dict[str, str], longest: int) -> None:
        self.entries = entries
        self.longest = longest


def parse_glossary(*texts: str) -> Glossary:
    """Lines ``中文|变体=english words``; later lines add to earlier entries (cjk.ts ``parseGlossary``)."""
    from .._text import js_trim

    entries: Dict[str, str] = {}
    longest = 1
    for line in "\n".join(texts).split("\n"):
        at = line.find("=")
        if at <= 0:
            continue
        meaning = js_trim(line[at + 1 :])
        for word in line[:at].split("|"):
            key = js_trim(word)
            if not key:
                continue
            entries[key] = entries[key] + " " + meaning if key in entries else meaning
            longest = max(longest, utf16_len(key))
    return Glossary(entries, longest)


_default_glossary: Optional[Glossary] = None


def default_glossary() -> Glossary:
    """The glossary of every pack at version 1 (vocabulary/default-glossary.ts)."""
    global _default_glossary
    if _default_glossary is None:
        packs = {(p[0], p[1]): p for p in _tables.PACKS}
        _default_glossary = parse_glossary(*(packs[(i, v)][3] for i, v in _tables.LEGACY_PACKS))
    return _default_glossary


def has_cjk(text: str) -> bool:
    return _MAY_BE_CJK.search(text) is not None and CJK_RUN.search(text) is not None


def analyze_cjk_run(run: str, glossary: Glossary) -> Tuple[List[str], List[str]]:
    """(translations, untranslated words) of one CJK run: longest glossary entries first, the rest to ICU."""
    entries, longest = glossary.entries, glossary.longest
    translations: List[str] = []
    words: List[str] = []
    unknown_start = -1
    i, n = 0, len(run)
    while i < n:
        matched = 0
        for length in range(min(longest, n - i), 0, -1):
            meaning = entries.get(run[i : i + length])
            if meaning is not None:
                if unknown_start >= 0:
                    words.extend(segment_words_icu(run[unknown_start:i]))
                    unknown_start = -1
                translations.append(meaning)
                matched = length
                break
        if matched:
            i += matched
        else:
            if unknown_start < 0:
                unknown_start = i
            i += 1
    if unknown_start >= 0:
        words.extend(segment_words_icu(run[unknown_start:]))
    return translations, words


def analyze_detailed(text: str, glossary: Optional[Glossary] = None) -> Tuple[List[str], List[Tuple[str, str]]]:
    """(primary tokens, [(alternative, the primary token it stands beside)]), as ``analyzeStockroomDetailed``."""
    if text.isascii():
        return english(text), []
    normalized = nfkc(text)
    if not has_cjk(normalized):
        return english(normalized), []
    translated: List[str] = []
    cjk_words: List[str] = []
    chosen = glossary or default_glossary()

    def cut(match: "re.Match[str]") -> str:
        translations, words = analyze_cjk_run(match.group(0), chosen)
        translated.extend(translations)
        cjk_words.extend(words)
        return " "

    primary = english(CJK_RUN.sub(cut, normalized))
    alternatives: List[Tuple[str, str]] = []
    for meaning in translated:
        tokens = english(meaning)
        if not tokens:
            continue
        first = tokens[0]
        primary.append(first)
        alternatives.extend((term, first) for term in tokens[1:] if term != first)
    primary.extend(cjk_words)
    return primary, alternatives


def analyze(text: str, glossary: Optional[Glossary] = None) -> List[str]:
    """Tokens for text in any language (``analyzeStockroom``)."""
    primary, alternatives = analyze_detailed(text, glossary)
    return primary if not alternatives else primary + [term for term, _ in alternatives]
