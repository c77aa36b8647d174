"""The ``bm25`` crate's own snapshots (../shared/parity), as search/parity.test.ts checks them in TypeScript."""

import csv
import re
import unittest
from collections import Counter

from tests.support import SHARED_DIR
from stockroom.codex_bm25 import CodexIndex, analyze, fxhash32
from stockroom.codex_bm25.engine import FALLBACK_AVGDL, _length_norm, _term_weight
from stockroom.codex_bm25.f32 import f32, format_f32


def read_recipes():
    with open(SHARED_DIR / "parity" / "recipes_en.csv", encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    return [(title, recipe) for title, recipe in rows[1:]]


def read_snap(name: str) -> str:
    return (SHARED_DIR / "parity" / name).read_text(encoding="utf-8")


def parse_token_snapshot(text: str):
    body = text[text.index("\n[", text.index("---", 3)) + 1 :].splitlines()[1:]
    lists, current = [], None
    for raw in body:
        line = raw.strip()
        if line == "[":
            current = []
        elif line in ("],", "]") and current is not None:
            lists.append(current)
            current = None
        elif current is not None and line.startswith('"'):
            current.append(__import__("json").loads(line.rstrip(",")))
    return lists


class CodexParityTest(unittest.TestCase):
    def test_tokenizer_matches_default_tokenizer_on_all_50_recipes(self) -> None:
        expected = parse_token_snapshot(read_snap("bm25__default_tokenizer__tests__it_matches_snapshot_en.snap"))
        recipes = read_recipes()
        self.assertEqual(len(expected), 50)
        for i, (title, recipe) in enumerate(recipes):
            with self.subTest(recipe=i, title=title):
                self.assertEqual(analyze(recipe), expected[i])

    def test_embedding_hashes_and_f32_weights(self) -> None:
        text = read_snap("bm25__embedder__tests__it_matches_snapshot_en.snap")
        docs, current, index = [], None, 0
        for raw in text.splitlines():
            line = raw.strip()
            if line == "Embedding(":
                current = []
                docs.append(current)
            match = re.match(r"^index: (\d+),$", line)
            if match:
                index = int(match.group(1))
            match = re.match(r"^value: ([0-9.e-]+),$", line)
            if match and current is not None:
                current.append((index, match.group(1)))
        token_lists = [analyze(recipe) for _, recipe in read_recipes()]
        avgdl = f32(sum(len(t) for t in token_lists) / len(token_lists)) or FALLBACK_AVGDL
        self.assertEqual(len(docs), 50)
        for doc, tokens in enumerate(token_lists):
            counts = Counter(tokens)
            norm = _length_norm(len(tokens), avgdl, 0.75)
            actual = [(fxhash32(t), format_f32(_term_weight(counts[t], norm, 1.2))) for t in tokens]
            self.assertEqual(actual, docs[doc], "recipe %d" % doc)

    def test_search_scores_bake_to_every_printed_digit(self) -> None:
        text = read_snap("bm25__search__tests__it_matches_snapshot_en.snap")
        expected, doc_id = [], None
        for raw in text.splitlines():
            line = raw.strip()
            if line.startswith("id: "):
                doc_id = __import__("json").loads(line[4:].rstrip(","))
            match = re.match(r"^score: ([0-9.e-]+),$", line)
            if match and doc_id is not None:
                expected.append((doc_id, match.group(1)))
                doc_id = None
        recipes = read_recipes()
        index = CodexIndex(recipes)
        hits = index.search("bake", 100)
        actual = sorted((hit["id"], format_f32(hit["score"])) for hit in hits)
        self.assertEqual(actual, expected)
        self.assertEqual(len(actual), 16)
        self.assertEqual(len(index.ids), len({title for title, _ in recipes}))  # N counts unique ids (47)


if __name__ == "__main__":
    unittest.main()
