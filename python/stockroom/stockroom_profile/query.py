"""The stockroom profile's query model (search/engine/stockroom-query.ts and name-prefixes.ts): the analysed request
as concepts, each its own word with alternatives (thesaurus terms, translations, name terms it begins) at weights."""

from __future__ import annotations

import bisect
import re
from typing import Dict, Iterable, List, Mapping

from .analyzer import analyze_detailed
from .entities import extract_entities
from .unicode import utf16_key, utf16_len
from .vocabulary import Vocabulary
from .words import is_read_request, plural_terms

__all__ = ["Concept", "NamePrefixes", "query_concepts", "query_terms"]


class Concept:
    __slots__ = ("term", "count", "members", "plural")

    def __init__(self, term: str, weight: float, plural: bool) -> None:
        self.term = term
        self.count = 1
        #: [term, weight] pairs: the own term first, then alternatives in a stable order.
        self.members: List[list] = [[term, weight]]
        self.plural = plural

    def add(self, term: str, weight: float) -> None:
        for member in self.members:
            if member[0] == term:
                member[1] = max(member[1], weight)
                return
        self.members.append([term, weight])


def query_concepts(query: str, tuning: Mapping[str, float], vocabulary: Vocabulary) -> List[Concept]:
    concepts: Dict[str, Concept] = {}
    entity_weight = tuning["entityWeight"]
    text, values = extract_entities(query) if entity_weight > 0 else (query, [])
    primary, alternatives = analyze_detailed(text, vocabulary.glossary)
    plurals = set(plural_terms(text))
    for term in primary:
        existing = concepts.get(term)
        if existing is not None:
            existing.count += 1
        else:
            concepts[term] = Concept(term, 1, term in plurals)
    values = list(values)
    if "file" in values and is_read_request(query, list(concepts.values())):
        values += ["read", "content"]
    for word in values:
        for term in analyze_detailed(word, vocabulary.glossary)[0]:
            existing = concepts.get(term)
            if existing is not None:
                existing.count += 1
            else:
                concepts[term] = Concept(term, entity_weight, False)
    for term, of in alternatives:
        concept = concepts.get(of)
        if concept is not None:
            concept.add(term, tuning["translationWeight"])
    synonym_weight = tuning["synonymWeight"]
    if synonym_weight > 0:
        for concept in concepts.values():
            for member in list(concept.members):
                for related in vocabulary.related(member[0]):
                    concept.add(related, synonym_weight)
    learned_weight = tuning["learnedWeight"]
    if learned_weight > 0:
        # Only from the request's own word: a learned link is evidence about how people ask, not a synonym to chain.
        for concept in concepts.values():
            for term, weight in vocabulary.learned(concept.term):
                concept.add(term, min(weight, learned_weight))
    return list(concepts.values())


def query_terms(concepts: Iterable[Concept]) -> Dict[str, float]:
    """Every distinct query term once with its weight, the query's own words taking precedence."""
    concepts = list(concepts)
    weights: Dict[str, float] = {}
    for concept in concepts:
        weights[concept.term] = concept.members[0][1]
    for concept in concepts:
        for term, weight in concept.members:
            if term not in weights:
                weights[term] = weight
    return weights


_HAS_DIGIT = re.compile("[0-9]")


class NamePrefixes:
    """Name terms a request word begins, or that begin it ("social" → "socialsearch"), at least ``min_length`` long."""

    def __init__(self, name_terms: Iterable[str], min_length: int) -> None:
        self.min_length = min_length
        unique = {term: None for term in name_terms if self._eligible(term)}
        self.sorted = sorted(unique, key=utf16_key)
        self.keys = [utf16_key(term) for term in self.sorted]
        self.known = frozenset(self.sorted)

    def _eligible(self, term: str) -> bool:
        return utf16_len(term) >= self.min_length and not _HAS_DIGIT.search(term)

    def related(self, term: str) -> List[str]:
        if self.min_length <= 0 or not self._eligible(term):
            return []
        out: List[str] = []
        at = bisect.bisect_left(self.keys, utf16_key(term))
        while at < len(self.sorted) and self.sorted[at].startswith(term):
            if self.sorted[at] != term:
                out.append(self.sorted[at])
            at += 1
        for length in range(self.min_length, len(term)):
            prefix = term[:length]
            if prefix in self.known:
                out.append(prefix)
        return sorted(out, key=utf16_key)

    def expand(self, concepts: List[Concept], weight: float) -> List[Concept]:
        if weight <= 0:
            return concepts
        for concept in concepts:
            if concept.members[0][1] != 1:
                continue
            for term in self.related(concept.term):
                concept.add(term, weight)
        return concepts


