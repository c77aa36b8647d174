"""Word rules of the stockroom profile: plurals (search/analysis/plural.ts), name parts (identifiers.ts ``nameParts``),
read requests and change verbs (search/engine/stockroom-intent.ts) and exact names (search/engine/exact-names.ts)."""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence

from . import _tables
from .analyzer import analyze
from .unicode import JS_SPACE, LETTER, LOWER, NUMBER, UPPER, nfkc, utf16_len

__all__ = ["is_change_term", "is_destructive_term", "is_read_request", "name_key", "name_parts", "plural_terms"]

# plural.ts NOT_PLURAL, /(?:ss|us|is|ics|news|series|canvas|always|perhaps|yes|whereas)$/, as endings.
_NOT_PLURAL = ("ss", "us", "is", "ics", "news", "series", "canvas", "always", "perhaps", "yes", "whereas")
_ACRONYM_PLURAL = re.compile(r"[A-Z]{2,}s\Z")
_NAME_SPLIT = re.compile(r"[^%s%s]+|(?<=[%s])(?=[%s])" % (LETTER, NUMBER, LOWER, UPPER))


def looks_plural(word: str) -> bool:
    if _ACRONYM_PLURAL.match(word):
        return True
    lower = word.lower()
    return utf16_len(lower) > 3 and lower.endswith("s") and not lower.endswith(_NOT_PLURAL)


_ASCII_RUN = re.compile(r"[A-Za-z0-9]+")
_ASCII_CAMEL_CUT = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _ascii_name_parts(name: str) -> List[str]:
    """identifiers.ts asciiNameParts: runs of ASCII letters and digits, cut before a capital that follows a lowercase."""
    parts: List[str] = []
    for run in _ASCII_RUN.findall(name):
        parts.extend(_ASCII_CAMEL_CUT.split(run))
    return parts


def name_parts(name: str) -> List[str]:
    """The words of a name as written: cut at separators and camel humps ("list_PRs" → list, PRs)."""
    if name.isascii():
        return _ascii_name_parts(name)
    return [part for part in _NAME_SPLIT.split(name) if part]


def plural_terms(text: str) -> List[str]:
    plurals: Dict[str, None] = {}
    for word in name_parts(text):
        if word[-1] not in "sS" or not looks_plural(word):  # a plural ends in s (looks_plural says which do)
            continue
        terms = analyze(word)
        if len(terms) == 1:
            plurals[terms[0]] = None
    return list(plurals)


_change_terms: Optional[frozenset] = None
_destructive_terms: Optional[frozenset] = None


def is_change_term(term: str) -> bool:
    global _change_terms
    if _change_terms is None:
        _change_terms = frozenset(analyze(_tables.CHANGE_VERBS))
    return term in _change_terms


def is_destructive_term(term: str) -> bool:
    global _destructive_terms
    if _destructive_terms is None:
        _destructive_terms = frozenset(analyze(_tables.DESTRUCTIVE_VERBS))
    return term in _destructive_terms


_S = "[%s]*" % JS_SPACE
_READ_OPENING = re.compile(
    "^" + _S + r"(?:what|which|who|whom|whose|when|where|how|is|are|was|were|does|do|did|has|have|had|show|list"
    r"|find|search|look|see|check)(?![A-Za-z0-9_])",
    re.I | re.A,
)
_READ_OPENING_ZH = re.compile(
    "^" + _S + "(?:看看|看一下|查看|查一下|查查|查询|列出|搜索|搜一下|读取|显示|找|有没有|有哪些|哪些|什么|谁|哪|多少|几)"
)
_QUESTION_END = re.compile("[?？]" + _S + r"\Z")
_REQUEST_OPENING = re.compile("^" + _S + r"(?:can|could|would|will)[%s]+you(?![A-Za-z0-9_])" % JS_SPACE, re.I | re.A)


def is_read_request(query: str, concepts: Sequence) -> bool:
    """True when the request reads (asks or looks something up) and names no change of its own."""
    asks = (
        _READ_OPENING.search(query) is not None
        or _READ_OPENING_ZH.search(query) is not None
        or (_QUESTION_END.search(query) is not None and _REQUEST_OPENING.search(query) is None)
    )
    return asks and not any(c.members[0][1] == 1 and is_change_term(c.term) for c in concepts)


_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_NOT_WORD = re.compile("[^%s%s]+" % (LETTER, NUMBER))


def _ascii_name_key(text: str) -> str:
    lower = text.lower()
    words: List[str] = []
    start = -1
    for i, char in enumerate(text):
        if not (char.isascii() and char.isalnum()):
            if start >= 0:
                words.append(lower[start:i])
            start = -1
        elif start < 0:
            start = i
        elif "A" <= char <= "Z" and not ("A" <= text[i - 1] <= "Z"):
            words.append(lower[start:i])
            start = i
    if start >= 0:
        words.append(lower[start:])
    return " ".join(words)


def name_key(text: str) -> str:
    """Lowercased words of a name or request, separators and camel humps as single spaces."""
    if text.isascii():
        return _ascii_name_key(text)
    spaced = _CAMEL.sub(r"\1 \2", nfkc(text)).lower()
    return " ".join(part for part in _NOT_WORD.split(spaced) if part)
