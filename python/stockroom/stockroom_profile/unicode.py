"""Character classes of the stockroom profile's regexes (``\\p{L}``, ``\\p{Script=Han}``, JavaScript's ``\\s`` …) as
JavaScript defines them: ranges generated from the TypeScript engine's own regexes into _tables.py, so the standard
``re`` module matches exactly the characters they match. Also UTF-16 lengths, where TypeScript counts code units."""

from __future__ import annotations

import re
import unicodedata
from typing import Sequence

from . import _tables

__all__ = ["CJK", "JS_SPACE", "LETTER", "LOWER", "NUMBER", "UPPER", "WORDY", "nfkc", "utf16_len", "utf16_key"]


def _class(ranges: Sequence[int]) -> str:
    return "".join(
        "\\U%08x-\\U%08x" % (ranges[i], ranges[i + 1]) if ranges[i] != ranges[i + 1] else "\\U%08x" % ranges[i]
        for i in range(0, len(ranges), 2)
    )


LETTER = _class(_tables.LETTER_RANGES)
NUMBER = _class(_tables.NUMBER_RANGES)
LOWER = _class(_tables.LOWER_RANGES)
UPPER = _class(_tables.UPPER_RANGES)
WORDY = _class(_tables.WORDY_RANGES)
CJK = _class(_tables.CJK_RANGES)
JS_SPACE = _class(_tables.JS_SPACE_RANGES)

WORDY_CHAR = re.compile("[%s]" % WORDY)
JS_SPACES = re.compile("[%s]+" % JS_SPACE)


def utf16_len(text: str) -> int:
    """``text.length`` in JavaScript: UTF-16 code units."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2


def utf16_key(text: str) -> bytes:
    """A sort key giving JavaScript's default string order (UTF-16 code units)."""
    return text.encode("utf-16-be", "surrogatepass")


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def js_split_whitespace(text: str) -> list:
    """``text.split(/\\s+/)`` in JavaScript (empty strings kept, as there)."""
    return JS_SPACES.split(text)
