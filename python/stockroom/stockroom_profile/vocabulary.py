"""Vocabulary packs and a catalog's own lines (search/vocabulary/: packs.ts, catalog-lines.ts, vocabulary.ts) and the
thesaurus format (search/analysis/synonyms.ts). The packs' lines are generated into _tables.py from the registry."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from . import _tables
from .._text import js_trim
from .analyzer import Glossary, english, has_cjk, parse_glossary
from .unicode import js_split_whitespace

__all__ = ["Vocabulary", "resolve_vocabulary"]

_COMMENT = re.compile("#[^\n\r\u2028\u2029]*")


def _strip_comment(raw: str) -> str:
    return js_trim(_COMMENT.sub("", raw, count=1))


def parse_thesaurus(text: str) -> Dict[str, Dict[str, None]]:
    """``a b c`` is a group, ``a b > x y`` maps a and b to x and y; words compared after the English analysis."""
    related: Dict[str, Dict[str, None]] = {}

    def words(part: str) -> List[str]:
        out: Dict[str, None] = {}
        for word in js_split_whitespace(part):
            if word:
                for term in english(word):
                    out[term] = None
        return list(out)

    def link(sources: Sequence[str], targets: Sequence[str]) -> None:
        for source in sources:
            bucket = related.setdefault(source, {})
            for target in targets:
                if target != source:
                    bucket[target] = None

    for raw in text.split("\n"):
        line = _strip_comment(raw)
        if not line:
            continue
        arrow = line.find(">")
        if arrow >= 0:
            link(words(line[:arrow]), words(line[arrow + 1 :]))
        else:
            group = words(line)
            link(group, group)
    return related


def split_catalog_lines(text: str) -> Tuple[str, str]:
    """(thesaurus text, glossary text) of a catalog's own lines; a line with a CJK left side is a glossary entry."""
    thesaurus: List[str] = []
    glossary: List[str] = []
    for raw in text.split("\n")[: _tables.MAX_CATALOG_LINES]:
        line = _strip_comment(raw)
        if not line:
            continue
        arrow = line.find(">")
        left = js_trim(line[:arrow]) if arrow >= 0 else line
        if has_cjk(left):
            if arrow >= 0:
                glossary.append("%s=%s" % ("|".join(js_split_whitespace(left)), js_trim(line[arrow + 1 :])))
        else:
            thesaurus.append(line)
    return "\n".join(thesaurus), "\n".join(glossary)


def parse_learned(text: str, into: Dict[str, Dict[str, float]]) -> None:
    """Lines ``term related:weight ...`` of a learned pack (analysed terms); a term already there keeps its weight."""
    for line in text.split("\n"):
        term, *pairs = js_trim(line).split(" ")
        if not term or not pairs:
            continue
        bucket = into.setdefault(term, {})
        for pair in pairs:
            colon = pair.rfind(":")
            related = pair[:colon]
            if related != term and related not in bucket:
                bucket[related] = float(pair[colon + 1 :])


class Vocabulary:
    def __init__(
        self,
        key: str,
        glossary: Glossary,
        related: Dict[str, List[str]],
        learned: Optional[Dict[str, List[Tuple[str, float]]]] = None,
    ) -> None:
        self.key = key
        self.glossary = glossary
        self._related = related
        self._learned = learned or {}

    def related(self, term: str) -> List[str]:
        """Terms related to one analysed term (not itself): packs first in their order, then the catalog's lines."""
        return self._related.get(term, [])

    def learned(self, term: str) -> List[Tuple[str, float]]:
        """Weighted related terms of the learned packs, (term, weight) in pack order."""
        return self._learned.get(term, [])


_PACKS = {(pack[0], pack[1]): pack for pack in _tables.PACKS}
_resolved: Dict[str, Vocabulary] = {}


def _spec_of(spec: Optional[Mapping[str, Any]]) -> Tuple[List[Tuple[str, int]], str]:
    if spec is None:
        return [(i, v) for i, v in _tables.LEGACY_PACKS], ""
    return [(str(p["id"]), int(p["version"])) for p in spec["packs"]], str(spec["lines"])


def resolve_vocabulary(spec: Optional[Mapping[str, Any]] = None) -> Vocabulary:
    """The vocabulary of a snapshot's ``engine.vocabulary`` (None: every pack at version 1, no lines)."""
    packs, lines = _spec_of(spec)
    key = "%s\n%s" % (",".join("%s@%s" % p for p in packs), js_trim(lines))
    vocabulary = _resolved.get(key)
    if vocabulary is None:
        for ref in packs:
            if ref not in _PACKS:
                raise ValueError(
                    "unknown vocabulary pack %s@%s: this version of the SDK does not ship it (upgrade stockroom)" % ref
                )
        own_thesaurus, own_glossary = split_catalog_lines(lines)
        sources = [_PACKS[ref][2] for ref in packs] + [own_thesaurus]
        related: Dict[str, Dict[str, None]] = {}
        for text in sources:
            for term, targets in parse_thesaurus(text).items():
                bucket = related.setdefault(term, {})
                for target in targets:
                    bucket.setdefault(target, None)
        glossary = parse_glossary(*([_PACKS[ref][3] for ref in packs] + [own_glossary]))
        learned: Dict[str, Dict[str, float]] = {}
        for ref in packs:
            parse_learned(_PACKS[ref][4], learned)
        if len(_resolved) >= 32:
            _resolved.clear()
        vocabulary = _resolved[key] = Vocabulary(
            key,
            glossary,
            {t: list(b) for t, b in related.items()},
            {t: list(b.items()) for t, b in learned.items()},
        )
    return vocabulary
