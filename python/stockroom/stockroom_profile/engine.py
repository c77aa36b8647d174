"""Profile ``stockroom`` in Python: a port of search/engine/stockroom-engine.ts (with stockroom-multipliers.ts,
stockroom-strength.ts, exact-names.ts and search/search-index.ts) over the same analysis, vocabulary and tuning. The
arithmetic is the TypeScript engine's f64 in the same order, ln correctly rounded to f32 (``lnF32``): ids, order,
scores and match strength equal the TypeScript SDK's (sdk/python-vectors.test.ts makes the vectors that check it)."""

from __future__ import annotations

import heapq
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from . import _tables
from .._text import js_trim
from ..codex_bm25.engine import SearchQueryError
from ..codex_bm25.f32 import ln_f32
from .analyzer import analyze, english
from .query import Concept, NamePrefixes, query_concepts
from .unicode import utf16_key
from .vocabulary import Vocabulary, resolve_vocabulary
from .words import is_change_term, is_destructive_term, name_key, plural_terms

__all__ = ["StockroomIndex"]

_MAX_VALUE = 1.7976931348623157e308
_INF = float("inf")


def idf(documents: int, frequency: int) -> float:
    return ln_f32(1 + (documents - frequency + 0.5) / (frequency + 0.5))


def _distinct(tokens: Sequence[str], limit: Optional[int] = None) -> List[str]:
    out: Dict[str, None] = {}
    for token in tokens if limit is None else tokens[:limit]:
        out[token] = None
    return list(out)


class _ExactNames:
    def __init__(self) -> None:
        self.by_key: Dict[str, List[int]] = {}
        self.verbatim: Dict[str, List[int]] = {}
        self._keys: Dict[str, str] = {}

    def add(self, doc: int, name: str, namespace: Optional[str]) -> None:
        if not name:
            return
        key = self._keys.get(name)
        if key is None:
            key = self._keys[name] = name_key(name)
        if key:
            self.by_key.setdefault(key, []).append(doc)
        if namespace:
            if namespace.isascii() and name.isascii():
                prefix = name_key(namespace)
                qualified = key if not prefix else prefix if not key else "%s %s" % (prefix, key)
            else:
                qualified = name_key("%s %s" % (namespace, name))
        else:
            qualified = key
        if qualified != key:
            self.by_key.setdefault(qualified, []).append(doc)
        self.verbatim.setdefault(name, []).append(doc)
        if namespace:
            self.verbatim.setdefault("%s.%s" % (namespace, name), []).append(doc)

    def named(self, query: str) -> List[int]:
        return self.by_key.get(name_key(query), [])

    def named_verbatim(self, query: str) -> List[int]:
        return self.verbatim.get(js_trim(query), [])


def _add_sorted(docs: List[int], doc: int) -> None:
    """insertDoc of postings.ts: a build appends in document order; a doc already there is not added twice."""
    if not docs or docs[-1] < doc:
        docs.append(doc)
    elif doc not in docs:
        docs.append(doc)
        docs.sort()


class StockroomIndex:
    """An index over (id, text, name, namespace) documents ranking as the ``stockroom`` profile of search/ does."""

    def __init__(
        self,
        docs: Iterable[Tuple[str, str, str, Optional[str]]],
        k1: float = 1.2,
        b: float = 0.75,
        default_limit: int = 8,
        drop_weak_hits: bool = False,
        vocabulary: Optional[Mapping[str, Any]] = None,
    ) -> None:
        self.k1, self.b = k1, b
        self.default_limit = default_limit
        self.drop_weak_hits = drop_weak_hits
        self.tuning: Dict[str, float] = dict(_tables.TUNING)
        self.vocabulary: Vocabulary = resolve_vocabulary(vocabulary)
        latest: Dict[str, Tuple[str, str, Optional[str]]] = {}
        for doc_id, text, name, namespace in docs:
            latest[doc_id] = (text, name or "", namespace or None)
        self.ids: List[str] = list(latest)
        self._build(list(latest.values()))
        position = {doc_id: i for i, doc_id in enumerate(sorted(self.ids, key=utf16_key))}
        #: Per tool, its id's place in JavaScript's string order: equal scores fall back to the id.
        self._doc_order = [position[doc_id] for doc_id in self.ids]

    def _analysed(self, text: str) -> List[str]:
        return english(text) if text.isascii() else analyze(text, self.vocabulary.glossary)

    def _build(self, docs: List[Tuple[str, str, Optional[str]]]) -> None:
        tuning = self.tuning
        name_weight = tuning["nameWeight"]
        opening_tokens = int(tuning["openingTokens"])
        names: Dict[str, Tuple[List[str], List[str], List[str], List[str]]] = {}
        namespaces: Dict[str, List[str]] = {}
        self.name_terms: List[List[str]] = []
        self.name_plurals: List[List[str]] = []
        self.namespace_terms: List[List[str]] = []
        self.change_terms: List[List[str]] = []
        self.destructive_terms: List[List[str]] = []
        self.exact = _ExactNames()
        self.name_postings: Dict[str, List[int]] = {}
        self.namespace_postings: Dict[str, List[int]] = {}
        self.plural_postings: Dict[str, List[int]] = {}
        self.opening_postings: Dict[str, List[int]] = {}
        postings: Dict[str, Tuple[List[int], List[float]]] = {}
        lengths: List[int] = []
        for index, (text, name, namespace) in enumerate(docs):
            tokens = self._analysed(text)
            terms = names.get(name)
            if terms is None:
                own = _distinct(self._analysed(name)) if name else []
                terms = names[name] = (
                    own,
                    plural_terms(name) if name else [],
                    [t for t in own if is_change_term(t)],
                    [t for t in own if is_destructive_term(t)],
                )
            self.name_terms.append(terms[0])
            self.name_plurals.append(terms[1])
            self.change_terms.append(terms[2])
            self.destructive_terms.append(terms[3])
            self.exact.add(index, name, namespace)
            for term in terms[0]:
                _add_sorted(self.name_postings.setdefault(term, []), index)
            for term in terms[1]:
                _add_sorted(self.plural_postings.setdefault(term, []), index)
            if namespace:
                space = namespaces.get(namespace)
                if space is None:
                    space = namespaces[namespace] = _distinct(analyze(namespace, self.vocabulary.glossary))
            else:
                space = []
            self.namespace_terms.append(space)
            if space:
                _add_sorted(self.namespace_postings.setdefault(space[0], []), index)
            lengths.append(len(tokens))
            for term in _distinct(tokens, opening_tokens):
                _add_sorted(self.opening_postings.setdefault(term, []), index)
            counts: Dict[str, float] = {}
            for token in tokens:
                counts[token] = counts.get(token, 0) + 1
            for token in terms[0]:
                counts[token] = counts.get(token, 0) + name_weight
            for term, tf in counts.items():
                entry = postings.get(term)
                if entry is None:
                    entry = postings[term] = ([], [])
                entry[0].append(index)
                entry[1].append(tf)
        self.name_lengths = [len(terms) for terms in self.name_terms]
        self.names_change = [len(terms) > 0 for terms in self.change_terms]
        self.names_destruction = [len(terms) > 0 for terms in self.destructive_terms]
        self._weigh(postings, lengths)
        self.name_prefixes = NamePrefixes(self.name_postings.keys(), int(tuning["namePrefixMinLength"]))

    def _weigh(self, postings: Dict[str, Tuple[List[int], List[float]]], lengths: List[int]) -> None:
        count, total = len(self.ids), sum(lengths)
        avgdl = total / count if count > 0 and total > 0 else 1
        k1, b = self.k1, self.b
        norms = [1 - b + (b * length) / avgdl for length in lengths]
        self.postings: Dict[str, Tuple[List[int], List[float]]] = {}
        for term, (docs, tfs) in postings.items():
            weights = [(tf * (k1 + 1)) / (tf + k1 * norms[doc]) for doc, tf in zip(docs, tfs)]
            self.postings[term] = (docs, weights)
        self.document_count = count
        self._idf: Dict[str, float] = {}

    def idf(self, term: str) -> float:
        value = self._idf.get(term)
        if value is None:
            entry = self.postings.get(term)
            value = self._idf[term] = idf(self.document_count, len(entry[0]) if entry else 0)
        return value

    def frequency(self, term: str) -> int:
        entry = self.postings.get(term)
        return len(entry[0]) if entry else 0

    def concepts(self, query: str) -> List[Concept]:
        concepts = query_concepts(query, self.tuning, self.vocabulary)
        return self.name_prefixes.expand(concepts, self.tuning["namePrefixWeight"])

    def search(self, query: str, limit: Optional[int] = None) -> List[Dict[str, Any]]:
        """``[{id, score, rank, strength, evidence}]``, best first, positive scores only, ties by id."""
        text = js_trim(query) if isinstance(query, str) else ""
        if not text:
            raise SearchQueryError("EMPTY_QUERY", "query must not be empty")
        limit = self.default_limit if limit is None else limit
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise SearchQueryError("INVALID_LIMIT", "limit must be a positive integer, got %r" % (limit,))
        from .scoring import score

        scored, bar = score(self, text)
        floor = bar if self.drop_weak_hits else 0.0
        order, ids = self._doc_order, self.ids
        ranked = heapq.nsmallest(
            limit,
            ((-rank_score, order[doc], rank_score, match, doc) for doc, rank_score, match in scored
             if rank_score > 0 and match >= floor),
        )
        hits = []
        for i, (_, _, rank_score, match, doc) in enumerate(ranked):
            evidence = 0 if bar == _INF else match / bar if bar > 0 else _MAX_VALUE
            hits.append(
                {
                    "id": ids[doc],
                    "score": rank_score,
                    "rank": i + 1,
                    "strength": "strong" if match >= bar else "weak",
                    "evidence": evidence,
                }
            )
        return hits
