"""Exact local ranking for the ``codex-bm25`` profile (needs the ``snowballstemmer`` package)."""

from .analyzer import analyze
from .engine import CodexIndex, SearchQueryError, fxhash32

__all__ = ["CodexIndex", "SearchQueryError", "analyze", "fxhash32"]
