"""f32 arithmetic that matches Rust's ``f32`` bit for bit (a port of search/numeric/f32.ts): one +, -, *, /
on f32 operands done in f64 and rounded to f32 is the correctly rounded f32 result."""

from __future__ import annotations

import math
import struct
from decimal import Decimal, getcontext

__all__ = ["f32", "format_f32", "ln_f32"]

_F = struct.Struct("<f")
_I = struct.Struct("<i")


def f32(x: float) -> float:
    """Rounds a double to the nearest f32 (ties to even), as Math.fround."""
    return _F.unpack(_F.pack(x))[0]


def _next_f32(x: float, toward: float) -> float:
    if x == toward:
        return x
    if x == 0:
        return _F.unpack(_I.pack(1 if toward > 0 else -0x7FFFFFFF))[0]
    bits = _I.unpack(_F.pack(x))[0]
    up = (toward > x) == (x > 0)
    return _F.unpack(_I.pack(bits + 1 if up else bits - 1))[0]


def ln_f32(x: float) -> float:
    """ln(x) correctly rounded to f32 (glibc's logf, Rust's f32::ln); exact side-of-midpoint check on near ties."""
    approx = math.log(x)
    if not math.isfinite(approx) or approx == 0:
        return f32(approx)
    nearest = f32(approx)
    if nearest == approx:
        return nearest
    neighbour = _next_f32(nearest, approx)
    midpoint = (nearest + neighbour) / 2
    if abs(approx - midpoint) > abs(approx) * 2.0**-49:
        return nearest
    getcontext().prec = 80
    above = Decimal(x) > Decimal(midpoint).exp()
    return max(nearest, neighbour) if above else min(nearest, neighbour)


def format_f32(x: float) -> str:
    """Shortest decimal digits that read back as the same f32, as Rust's ``{:?}`` prints an f32."""
    from ..jcs import format_number

    for digits in range(1, 10):
        value = float("%.*e" % (digits - 1, x))
        if f32(value) == x:
            plain = format_number(value)
            return plain if ("." in plain or "e" in plain) else plain + ".0"
    return format_number(x)
