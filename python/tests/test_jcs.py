import json
import unittest

from tests.support import REPO_ROOT, read_vectors
from stockroom.jcs import canonicalize, legacy_canonicalize


class CanonicalJsonTest(unittest.TestCase):
    def test_matches_npm_canonicalize_and_the_legacy_form_on_the_python_vectors(self) -> None:
        vectors = read_vectors("jcs.json")
        self.assertGreaterEqual(len(vectors), 9)
        for vector in vectors:
            with self.subTest(vector["name"]):
                value = json.loads(vector["json"])
                if vector.get("error"):
                    with self.assertRaises(ValueError):
                        canonicalize(value)
                else:
                    self.assertEqual(canonicalize(value), vector["canonical"])
                # v1 snapshots were hashed over JSON.stringify of a key-sorted copy (domain/snapshot/canonical-json.ts).
                self.assertEqual(legacy_canonicalize(value), vector["legacy"])

    def test_matches_the_typescript_sdk_on_its_own_vectors(self) -> None:
        # domain/snapshot/testing/jcs-vectors.json: the RFC 8785 cases domain/snapshot/canonical-json.test.ts and the README recipe use.
        path = REPO_ROOT / "domain" / "snapshot" / "testing" / "jcs-vectors.json"
        vectors = json.loads(path.read_text(encoding="utf-8"))
        self.assertGreaterEqual(len(vectors), 10)
        for vector in vectors:
            with self.subTest(vector["name"]):
                self.assertEqual(canonicalize(vector["input"]), vector["canonical"])

    def test_legacy_form_puts_array_index_keys_first_in_numeric_order(self) -> None:
        value = {"b": 1, "10": 2, "9": 3, "a": {"2": 0, "1": 0}, "4294967295": 4, "007": 5}
        self.assertEqual(legacy_canonicalize(value), '{"9":3,"10":2,"007":5,"4294967295":4,"a":{"1":0,"2":0},"b":1}')
        self.assertEqual(canonicalize(value), '{"007":5,"10":2,"4294967295":4,"9":3,"a":{"1":0,"2":0},"b":1}')

    def test_refuses_what_json_cannot_carry(self) -> None:
        for value in (float("nan"), float("inf"), {1: "x"}, {"a": object()}):
            with self.subTest(repr(value)), self.assertRaises((ValueError, TypeError)):
                canonicalize(value)
            with self.subTest("legacy " + repr(value)), self.assertRaises((ValueError, TypeError)):
                legacy_canonicalize(value)


if __name__ == "__main__":
    unittest.main()
