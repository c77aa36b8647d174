"""Exact local ranking for the ``stockroom`` profile (needs ``snowballstemmer``; CJK words outside the glossary are
segmented by PyICU as TypeScript's Intl.Segmenter segments them)."""

from .analyzer import analyze
from .engine import StockroomIndex

__all__ = ["StockroomIndex", "analyze"]
