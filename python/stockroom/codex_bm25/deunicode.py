"""ASCII transliteration reproducing ``deunicode::deunicode_with_tofu_cow(text, "[?]")`` (deunicode 1.6.x),
quirks included; a port of search/analysis/deunicode.ts over the same table."""

from __future__ import annotations

import base64
from typing import List, Optional

from ._tables import MAPPING, POINTER_COUNT, POINTER_RANGES, POINTERS_BASE64

__all__ = ["deunicode"]

_TOFU = "[?]"
_table: Optional[List[Optional[str]]] = None


def _load_table() -> List[Optional[str]]:
    """Decoded once, lazily: index = code point, value = transliteration, None = unknown."""
    global _table
    if _table is not None:
        return _table
    data = base64.b64decode(POINTERS_BASE64)
    table: List[Optional[str]] = [None] * POINTER_COUNT
    at = 0
    for r in range(0, len(POINTER_RANGES), 2):
        start, count = POINTER_RANGES[r], POINTER_RANGES[r + 1]
        for cp in range(start, start + count):
            b0, b1, length = data[at], data[at + 1], data[at + 2]
            at += 3
            if length <= 2:
                table[cp] = (chr(b0) + chr(b1))[:length]
            else:
                offset = b0 | (b1 << 8)
                table[cp] = MAPPING[offset : offset + length] if offset + length <= len(MAPPING) else None
    _table = table
    return table


def _leading_ascii_length(text: str) -> int:
    for i, char in enumerate(text):
        if ord(char) > 0x7E:
            return i
    return len(text)


def deunicode(text: str) -> str:
    start = _leading_ascii_length(text)
    if start == len(text):
        return text
    table = _load_table()
    out = [text[:start]]
    # A multi-char transliteration ending in a space drops it at the end or before one that starts with a space.
    pending: Optional[str] = None
    for char in text[start:]:
        cp = ord(char)
        if 0x20 <= cp <= 0x7E:
            current: Optional[str] = char
        else:
            current = table[cp] if cp < POINTER_COUNT else None
        first = -1 if not current else ord(current[0])
        if pending is not None:
            out.append(pending[:-1] if first == 32 else pending)
            pending = None
        if current is None:
            out.append(_TOFU)
        elif len(current) > 1 and current[-1] == " " and not (0x20 <= cp <= 0x7E):
            pending = current
        else:
            out.append(current)
    if pending is not None:
        out.append(pending[:-1])  # at the end, a trailing space is dropped too
    return "".join(out)
