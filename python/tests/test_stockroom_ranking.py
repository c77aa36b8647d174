"""The stockroom profile ranked in Python exactly as in TypeScript: ids, order, scores (f64, the same bits) and match
strength. The small vectors (sdk/python-vectors.test.ts) carry a catalog's own vocabulary lines and every case the
analysis branches on; the labelled sets of search/testing/sets/manifest.json (some in ../shared/corpus) are checked
in full when app/api/v1/python-sdk.test.ts hands over what TypeScript ranked (STOCKROOM_RANKING_DIR)."""

import json
import os
import unittest
from pathlib import Path

from tests.support import read_vectors
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
    def test_every_query_of_every_labelled_set_ranks_as_in_typescript(self) -> None:
        # With the default packs and with the learned pack added (its weighted links from the generated table); a
        # comment, not a docstring: unittest -v would print a docstring in place of the name the npm test looks for.
        files = sorted(Path(RANKING_DIR or "").glob("*.json"))
        self.assertEqual([f.stem for f in files], ["bfcl-python", "demo", "metatool"])
        total = 0
        for file in files:
            data = json.loads(file.read_text(encoding="utf-8"))
            index = index_of(data["docs"], {})
            learned = index_of(data["docs"], {"vocabulary": data["learnedVocabulary"]})
            mismatches = [q["query"] for q in data["queries"] if index.search(q["query"], 8) != q["hits"]]
            mismatches += [
                "learned: " + q["query"] for q in data["queries"] if learned.search(q["query"], 8) != q["learnedHits"]
            ]
            total += len(data["queries"])
            self.assertEqual(mismatches, [], "%s: %d of %d differ" % (file.stem, len(mismatches), len(data["queries"])))
        self.assertGreater(total, 2800)


if __name__ == "__main__":
    unittest.main()
