"""RFC 8785 JSON Canonicalization Scheme: the bytes a snapshot's content hash is taken over.

Matches the npm ``canonicalize`` package (and so the TypeScript SDK): object keys sorted by UTF-16 code
units, numbers as ECMAScript's Number::toString, strings escaped as JSON.stringify does, no whitespace.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["canonicalize", "format_number", "legacy_canonicalize"]

_MAX_ARRAY_INDEX = 2**32 - 2

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _string(value: str, lone_surrogates: bool = False) -> str:
    out = ['"']
    for char in value:
        code = ord(char)
        escaped = _ESCAPES.get(char)
        if escaped is not None:
            out.append(escaped)
        elif code < 0x20:
            out.append("\\u%04x" % code)
        elif 0xD800 <= code <= 0xDFFF:
            if not lone_surrogates:
                raise ValueError("Lone surrogate is not allowed")
            out.append("\\u%04x" % code)  # JSON.stringify (ES2019) escapes it, lowercase
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def format_number(value: float) -> str:
    """ECMAScript Number::toString of a finite double (RFC 8785 section 3.2.2.3)."""
    if math.isnan(value) or math.isinf(value):
        raise ValueError("NaN and Infinity are not allowed")
    if value == 0:
        return "0"  # also -0
    if value < 0:
        return "-" + format_number(-value)
    # repr gives the shortest digits that round-trip, closest to the value: the digits ECMAScript picks.
    mantissa, _, exponent = repr(value).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    shift = int(exponent or 0) - len(fraction)
    stripped = digits.rstrip("0")
    shift += len(digits) - len(stripped)
    digits = stripped
    k = len(digits)
    n = shift + k  # value = 0.digits × 10^n
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + digits
    e = n - 1
    sign = "+" if e >= 0 else "-"
    head = digits if k == 1 else digits[0] + "." + digits[1:]
    return "%se%s%d" % (head, sign, abs(e))


def _utf16_key(key: str) -> bytes:
    return key.encode("utf-16-be", "surrogatepass")


def _is_array_index(key: str) -> bool:
    return (key == "0" or (key[:1] in "123456789" and key.isdigit() and key.isascii())) and int(key) <= _MAX_ARRAY_INDEX


def _key_order(value: dict, legacy: bool) -> list:
    for key in value:
        if not isinstance(key, str):
            raise TypeError("object keys must be strings, got %r" % (key,))
    keys = sorted(value, key=_utf16_key)
    if not legacy:
        return keys
    # JSON.stringify writes array-index keys first, in numeric order, whatever order the object was built in.
    indexes = sorted((key for key in keys if _is_array_index(key)), key=int)
    return indexes + [key for key in keys if not _is_array_index(key)]


def _serialize(value: Any, out: list, legacy: bool = False) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(_string(value, legacy))
    elif isinstance(value, (int, float)):
        # JSON numbers are doubles on the TypeScript side: an integer is formatted as the double it parses to.
        out.append(format_number(float(value)))
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _serialize(item, out, legacy)
        out.append("]")
    elif isinstance(value, dict):
        out.append("{")
        for i, key in enumerate(_key_order(value, legacy)):
            if i:
                out.append(",")
            out.append(_string(key, legacy))
            out.append(":")
            _serialize(value[key], out, legacy)
        out.append("}")
    else:
        raise TypeError("not a JSON value: %r" % (type(value).__name__,))


def canonicalize(value: Any) -> str:
    """The RFC 8785 canonical JSON text of a JSON value (dict, list, str, int, float, bool, None)."""
    out: list = []
    _serialize(value, out)
    return "".join(out)


def legacy_canonicalize(value: Any) -> str:
    """The form ``stockroom.snapshot/v1`` hashed (the TypeScript SDK's ``legacyCanonicalJson``): keys sorted, then
    JSON.stringify, which puts integer-like keys ("9", "10") first in numeric order. Equal to RFC 8785 otherwise."""
    out: list = []
    _serialize(value, out, legacy=True)
    return "".join(out)
