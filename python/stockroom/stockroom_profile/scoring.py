"""One request scored by the stockroom profile (StockroomEngine.score, the multipliers of stockroom-multipliers.ts in
their order, and the strength bar of stockroom-strength.ts): the same f64 operations in the same order."""

from __future__ import annotations

import heapq
import re
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Tuple

from . import _tables
from .query import Concept, query_terms
from .words import is_change_term, is_destructive_term, is_read_request

if TYPE_CHECKING:
    from .engine import StockroomIndex

__all__ = ["score"]

_STARTS_WITH_DIGIT = re.compile("[0-9]")


def score(index: "StockroomIndex", query: str) -> Tuple[List[Tuple[int, float, float]], float]:
    """[(doc, ranking score, match score)] in the order TypeScript touches them, and the request's strong bar."""
    from .engine import idf

    concepts = index.concepts(query)
    scores: Dict[int, float] = {}
    postings = index.postings
    for term, weight in query_terms(concepts).items():
        entry = postings.get(term)
        if entry is None:
            continue
        term_idf = index.idf(term) * weight
        get = scores.get
        for doc, doc_weight in zip(*entry):
            scores[doc] = get(doc, 0) + term_idf * doc_weight
    exact = index.exact.named(query)
    verbatim = index.exact.named_verbatim(query)
    for doc in exact:
        count = len(verbatim) if doc in verbatim else len(exact)
        scores[doc] = scores.get(doc, 0) + idf(index.document_count, count) * (index.k1 + 1)
    state = _prepare(index, query, concepts, set(exact), set(verbatim))
    out = _multiply(index, state, scores)
    best, top = -1, [0.0, 0.0, 0.0, 0.0, 0.0]
    if out:
        best_value = max(entry[2] for entry in out)
        if best_value > 0:
            # TypeScript keeps the first tool (in the order scored) that raised the best so far: the first with the maximum.
            best = next(doc for doc, _, value in out if value == best_value)
            top = (heapq.nlargest(5, (value for _, _, value in out if value > 0)) + top)[:5]
    unanchored = best >= 0 and state["known"] > 0 and state["opening"].get(best, 0) == 0
    bar = _strength_bar(index, concepts, top, best, unanchored)
    return out, bar


def _multiply(index: "StockroomIndex", q, scores: Dict[int, float]) -> List[Tuple[int, float, float]]:
    """Each scored tool's match score (sum × exact × name × namespace) and ranking score (× change × opening × plural),
    stockroom-multipliers.ts's factors in their order; a factor that does not apply is exactly 1 there too."""
    tuning = index.tuning
    exact_boost = tuning["exactNameBoost"]
    verbatim_factor, exact_factor = 1 + 2 * exact_boost, 1 + exact_boost
    coverage_boost = tuning["nameCoverageBoost"]
    namespace_factor = 1 + tuning["namespaceBoost"] if tuning["namespaceBoost"] > 0 else 1
    change_factor = 1 - tuning["unrequestedChangePenalty"]
    opening_boost, known = tuning["openingBoost"], q["known"]
    plural_factor = 1 + tuning["pluralNameBoost"]
    verbatim, exact, name_hits = q["verbatim"], q["exact"], q["name_hits"]
    namespace_named, verb_named, plural_named, opening = (
        q["namespace_named"], q["verb_named"], q["plural_named"], q["opening"]
    )
    name_lengths = index.name_lengths
    verbs = index.names_change if q["reads"] else index.names_destruction
    out: List[Tuple[int, float, float]] = []
    for doc, total in scores.items():
        value = total * (verbatim_factor if doc in verbatim else exact_factor if doc in exact else 1)
        hits = name_hits.get(doc, 0)
        value = value * (1 + coverage_boost * (0 if hits == 0 else hits / name_lengths[doc]))
        if doc in namespace_named:
            value = value * namespace_factor
        ranked = value * (change_factor if verbs[doc] and doc not in verb_named else 1)
        ranked = ranked * (1 + (opening_boost * opening.get(doc, 0)) / known if known > 0 else 1)
        if doc in plural_named:
            ranked = ranked * plural_factor
        out.append((doc, ranked, value))
    return out


def _coverage(tuning: Dict[str, float], concepts: List[Concept]) -> Dict[str, float]:
    weights: Dict[str, float] = {}
    for concept in concepts:
        for term, _ in concept.members[1:]:
            weights[term] = max(weights.get(term, 0), tuning["coverageSynonymWeight"])
    for concept in concepts:
        weights[concept.term] = 1
    return weights


def _prepare(index: "StockroomIndex", query: str, concepts: List[Concept], exact: Set[int], verbatim: Set[int]):
    tuning = index.tuning
    coverage = _coverage(tuning, concepts)
    name_hits: Dict[int, float] = {}
    for term, weight in coverage.items():
        for doc in index.name_postings.get(term, ()):
            name_hits[doc] = name_hits.get(doc, 0) + weight
    opening: Dict[int, float] = {}
    known = 0
    if tuning["openingBoost"] > 0:
        for concept in concepts:
            if not any(term in index.postings for term, _ in concept.members):
                continue
            known += 1
            seen: Set[int] = set()
            for term, _ in concept.members:
                for doc in index.opening_postings.get(term, ()):
                    if doc not in seen:
                        seen.add(doc)
                        opening[doc] = opening.get(doc, 0) + 1
    plurals = {c.term for c in concepts if c.plural} if tuning["pluralNameBoost"] > 0 else set()
    reads = is_read_request(query, concepts)
    namespace_named: Set[int] = set()
    verb_named: Set[int] = set()
    for term, weight in coverage.items():
        if weight == 1:
            for doc in index.namespace_postings.get(term, ()):
                if all(coverage.get(other) == 1 for other in index.namespace_terms[doc]):
                    namespace_named.add(doc)
        if is_change_term(term) if reads else is_destructive_term(term):
            verb_named.update(index.name_postings.get(term, ()))
    plural_named: Set[int] = set()
    for term in plurals:
        plural_named.update(index.plural_postings.get(term, ()))
    return {
        "reads": reads,
        "name_hits": name_hits,
        "opening": opening,
        "known": known,
        "exact": exact,
        "verbatim": verbatim,
        "namespace_named": namespace_named,
        "verb_named": verb_named,
        "plural_named": plural_named,
    }


def _own(concepts: List[Concept]) -> List[Concept]:
    return [c for c in concepts if c.members[0][1] == 1]


def _unique_keyword_weight(index: "StockroomIndex", concepts: List[Concept]) -> float:
    known = [index.postings[c.term] for c in _own(concepts) if c.term in index.postings]
    best = 0.0
    for docs, weights in known:
        if len(docs) != 1:
            continue
        doc = docs[0]
        if all(doc in other[0] for other in known):
            best = max(best, weights[0])
    return best


def _lacks_asked_destruction(index: "StockroomIndex", concepts: List[Concept], doc: int) -> Optional[str]:
    for concept in _own(concepts)[: _tables.DESTRUCTIVE_OPENING]:
        if is_destructive_term(concept.term) and not any(
            doc in index.postings.get(term, ((), ()))[0] for term, _ in concept.members
        ):
            return concept.term
    return None


def _names_every_word(index: "StockroomIndex", concepts: List[Concept]) -> bool:
    own = _own(concepts)
    words = [c.term for c in own]

    def named(term: str) -> List[int]:
        return index.name_postings.get(term, [])

    candidates: Optional[List[int]] = None
    for word in words:
        docs = named(word)
        candidates = candidates if candidates is not None and len(candidates) <= len(docs) else docs
    if candidates and any(all(w in index.name_terms[doc] for w in words) for doc in candidates):
        return True
    known = [c for c in own if c.term in index.postings and not _STARTS_WITH_DIGIT.match(c.term)]
    if len(known) < 2:
        return False

    def names_each(doc: int) -> bool:
        used: Set[str] = set()
        for concept in known:
            term = next((t for t, _ in concept.members if t not in used and t in index.name_terms[doc]), None)
            if term is None:
                return False
            used.add(term)
        return True

    def named_count(concept: Concept) -> int:
        return sum(len(named(t)) for t, _ in concept.members)

    rarest = known[0]
    for concept in known[1:]:
        rarest = rarest if named_count(rarest) <= named_count(concept) else concept
    return any(names_each(doc) for term, _ in rarest.members for doc in named(term))


def _strength_bar(index: "StockroomIndex", concepts: List[Concept], top: List[float], best: int, unanchored: bool):
    from .engine import idf

    tuning = index.tuning
    count = index.document_count
    perfect = idf(count, 1) * (index.k1 + 1)
    best_score = top[0]
    if tuning["strongFloor"] <= 0 or not concepts or best_score <= 0:
        return 0.0
    names_every = best >= 0 and _names_every_word(index, concepts)
    missing = _lacks_asked_destruction(index, concepts, best) if best >= 0 else None
    if missing is not None and not names_every:
        return float("inf")
    unknown = sum(1 for c in concepts if index.frequency(c.term) == 0)
    bar = tuning["strongFloor"] * perfect * (1 + (tuning["unknownPenalty"] * unknown) / len(concepts))
    if unknown > 0 and tuning["gapExponent"] > 0:
        fifth = next((x for x in reversed(top) if x > 0), 0)
        gap = min(best_score / fifth, _tables.MAX_GAP) if fifth > 0 else _tables.MAX_GAP
        for _ in range(int(tuning["gapExponent"])):
            bar /= gap / _tables.NEUTRAL_GAP
    if unanchored and tuning["unanchoredStrongFloor"] * perfect > bar:
        bar = tuning["unanchoredStrongFloor"] * perfect
    unique = _unique_keyword_weight(index, concepts) if best >= 0 else 0
    keyword = unique > 0 and (len(concepts) == 1 or unique * idf(count, 1) >= _tables.UNIQUE_SHARE * perfect)
    if (keyword or names_every) and best_score < bar:
        bar = best_score
    return bar
