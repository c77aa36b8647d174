"""Both profiles ranked in Python exactly as in TypeScript: ids, order, scores (the same bits: f32 for codex-bm25, f64
for stockroom), evidence and match strength. The small vectors (sdk/python-vectors.test.ts) carry a catalog's own
vocabulary lines and every case the stockroom analysis branches on; the labelled sets of
search/testing/sets/manifest.json (some in ../shared/corpus) are checked in full, with every profile, when
app/api/v1/python-sdk.test.ts hands over what TypeScript ranked (STOCKROOM_RANKING_DIR/<profile>/<catalog>.json)."""

import json
import os
import unittest
from pathlib import Path

from tests.support import read_vectors
from stockroom.codex_bm25 import CodexIndex
from stockroom.stockroom_profile import StockroomIndex
from stockroom.stockroom_profile.segment import icu_available

RANKING_DIR = os.environ.get("STOCKROOM_RANKING_DIR")


def index_of(docs, settings, drop_weak_hits=False):
    entries = [(d["id"], d["text"], d.get("name"), d.get("namespace")) for d in docs]
    return StockroomIndex(
        entries,
        settings.get("k1", 1.2),
        settings.get("b", 0.75),
        settings.get("defaultLimit", 8),
        drop_weak_hits,
        settings.get("vocabulary"),
    )


class StockroomVectorsTest(unittest.TestCase):
    def test_rankings_with_the_catalogs_own_vocabulary_lines(self) -> None:
        vectors = read_vectors("stockroom-ranking.json")
        index = index_of(vectors["docs"], vectors["settings"])
        drop = index_of(vectors["docs"], vectors["settings"], drop_weak_hits=True)
        self.assertEqual(len(vectors["cases"]), 22)
        for case in vectors["cases"]:
            with self.subTest(query=case["query"]):
                self.assertEqual(index.search(case["query"], 8), case["hits"])
                self.assertEqual(index.search(case["query"]), case["defaultHits"])
                self.assertEqual(drop.search(case["query"], 8), case["strongOnly"])

    def test_icu_segments_cjk_as_the_typescript_sdk(self) -> None:
        self.assertTrue(icu_available(), "PyICU is needed for CJK words outside the glossary (apt-get install python3-icu)")


@unittest.skipUnless(RANKING_DIR, "needs STOCKROOM_RANKING_DIR: run through npm test (app/api/v1/python-sdk.test.ts)")
class LabelledSetsTest(unittest.TestCase):
    def check_variant(self, variant, index_of_docs) -> None:
        files = sorted((Path(RANKING_DIR or "") / variant).glob("*.json"))
        self.assertEqual([f.stem for f in files], ["bfcl-python", "demo", "metatool"])
        total = 0
        for file in files:
            data = json.loads(file.read_text(encoding="utf-8"))
            index = index_of_docs(data["docs"], data["vocabulary"])
            mismatches = [q["query"] for q in data["queries"] if index.search(q["query"], 8) != q["hits"]]
            total += len(data["queries"])
            where = "%s %s: %d of %d differ" % (variant, file.stem, len(mismatches), len(data["queries"]))
            self.assertEqual(mismatches, [], where)
        self.assertGreater(total, 2800)

    def test_every_query_of_every_labelled_set_ranks_as_in_typescript(self) -> None:
        self.check_variant("stockroom", lambda docs, _vocabulary: index_of(docs, {}))

    def test_every_query_of_every_labelled_set_ranks_as_in_typescript_learned_pack(self) -> None:
        self.check_variant("stockroom-learned", lambda docs, vocabulary: index_of(docs, {"vocabulary": vocabulary}))

    def test_every_query_of_every_labelled_set_ranks_as_in_typescript_codex_bm25(self) -> None:
        self.check_variant("codex-bm25", lambda docs, _vocabulary: CodexIndex([(d["id"], d["text"]) for d in docs]))


if __name__ == "__main__":
    unittest.main()
