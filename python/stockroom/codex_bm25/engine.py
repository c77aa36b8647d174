"""Profile ``codex-bm25`` in Python: the Rust ``bm25`` crate 2.3.2 SearchEngine (English) as Codex uses it, a port
of search/engine/codex-engine.ts and search/search-index.ts. Tokens keyed by fxhash32, avgdl fitted over every
input text while a repeated id replaces the earlier document, f32 arithmetic, ties broken by id."""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Tuple

from .analyzer import analyze
from .._text import js_trim
from .f32 import f32, ln_f32

__all__ = ["CodexIndex", "SearchQueryError", "fxhash32", "js_trim"]

FALLBACK_AVGDL = 256.0
_SEED32 = 0x27220A95


#: Share of a perfect match (a word only one tool has, at full weight) a strong hit scores at least.
STRONG_FLOOR = 0.6
#: JavaScript's Number.MAX_VALUE: the evidence of a hit when the request has no bar.
_MAX_VALUE = 1.7976931348623157e308


class SearchQueryError(ValueError):
    """An empty query or a limit that is not a positive integer (``code`` as the TypeScript engine names it)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _mix(hash_: int, word: int) -> int:
    rotated = ((hash_ << 5) | (hash_ >> 27)) & 0xFFFFFFFF
    return ((rotated ^ word) * _SEED32) & 0xFFFFFFFF


def fxhash32(text: str) -> int:
    """fxhash 0.2.1 ``hash32`` of a Rust ``&str``: 4-byte little-endian words, the tail bytes, then 0xff."""
    data = text.encode("utf-8")
    hash_ = 0
    whole = len(data) - len(data) % 4
    for i in range(0, whole, 4):
        hash_ = _mix(hash_, int.from_bytes(data[i : i + 4], "little"))
    for byte in data[whole:]:
        hash_ = _mix(hash_, byte)
    return _mix(hash_, 0xFF)


def _idf(documents: int, frequency: int) -> float:
    n = f32(frequency)
    numerator = f32(f32(f32(documents) - n) + 0.5)
    return ln_f32(f32(1 + f32(numerator / f32(n + 0.5))))


def _length_norm(length: int, avgdl: float, b: float) -> float:
    bf = f32(b)
    return f32(f32(1 - bf) + f32(bf * f32(f32(length) / f32(avgdl))))


def _term_weight(tf: int, norm: float, k1: float) -> float:
    k, tff = f32(k1), f32(tf)
    return f32(f32(tff * f32(k + 1)) / f32(tff + f32(k * norm)))


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-be", "surrogatepass")


class CodexIndex:
    """An index over (id, text) documents ranking as the ``codex-bm25`` profile of search/ does."""

    def __init__(
        self,
        docs: Iterable[Tuple[str, str]],
        k1: float = 1.2,
        b: float = 0.75,
        default_limit: int = 8,
        drop_weak_hits: bool = False,
    ) -> None:
        docs = list(docs)
        self.default_limit = default_limit
        self.drop_weak_hits = drop_weak_hits
        self._k1 = k1
        token_lists = [analyze(text) for _, text in docs]
        fitted = FALLBACK_AVGDL if not docs else f32(sum(len(t) for t in token_lists) / len(docs))
        avgdl = FALLBACK_AVGDL if fitted <= 0 else fitted
        latest: Dict[str, int] = {}
        for i, (doc_id, _) in enumerate(docs):
            latest[doc_id] = i  # last write wins, kept at its first insertion's place (as the crate's upsert)
        self.ids: List[str] = []
        self._postings: Dict[int, List[Tuple[int, float]]] = {}
        for doc_id, source in latest.items():
            doc = len(self.ids)
            self.ids.append(doc_id)
            tokens = token_lists[source]
            counts: Dict[int, int] = {}
            for token in tokens:
                key = fxhash32(token)
                counts[key] = counts.get(key, 0) + 1
            norm = _length_norm(len(tokens), avgdl, b)
            for key, tf in counts.items():
                self._postings.setdefault(key, []).append((doc, _term_weight(tf, norm, k1)))
        count = len(self.ids)
        self._idf = {key: _idf(count, len(postings)) for key, postings in self._postings.items()}
        self._order = {doc_id: position for position, doc_id in enumerate(sorted(self.ids, key=_utf16))}

    def score(self, query: str) -> Dict[int, float]:
        return self._score(query)[0]

    def _score(self, query: str) -> Tuple[Dict[int, float], float]:
        """Scores by document, and the request's strength bar (search/engine/strength.ts, `plainStrengthBar`)."""
        scores: Dict[int, float] = {}
        tokens = analyze(query)
        unknown = 0
        for token in tokens:
            key = fxhash32(token)
            postings = self._postings.get(key)
            if not postings:
                unknown += 1
                continue
            idf = self._idf[key]
            for doc, weight in postings:
                scores[doc] = f32(scores.get(doc, 0.0) + f32(idf * weight))
        if not tokens:
            return scores, 0.0
        count = len(self.ids)
        perfect_match = ln_f32(1 + (count - 1 + 0.5) / (1 + 0.5)) * (self._k1 + 1)
        return scores, STRONG_FLOOR * (1 + unknown / len(tokens)) * perfect_match

    def search(self, query: str, limit: Optional[int] = None) -> List[Dict[str, object]]:
        """``[{id, score, rank}]``, best first, positive scores only, ties by id (UTF-16 code-unit order)."""
        text = js_trim(query) if isinstance(query, str) else ""
        if not text:
            raise SearchQueryError("EMPTY_QUERY", "query must not be empty")
        limit = self.default_limit if limit is None else limit
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise SearchQueryError("INVALID_LIMIT", "limit must be a positive integer, got %r" % (limit,))
        scores, bar = self._score(text)
        floor = bar if self.drop_weak_hits else 0.0
        ranked = sorted(
            ((score, doc) for doc, score in scores.items() if score > 0 and score >= floor),
            key=lambda pair: (-pair[0], self._order[self.ids[pair[1]]]),
        )
        return [
            {"id": self.ids[doc], "score": score, "rank": i + 1, "strength": "strong" if score >= bar else "weak",
             "evidence": score / bar if bar > 0 else _MAX_VALUE}
            for i, (score, doc) in enumerate(ranked[:limit])
        ]
