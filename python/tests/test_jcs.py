import json
import unittest

from tests.support import read_vectors
from stockroom.jcs import canonicalize


class CanonicalJsonTest(unittest.TestCase):
    def test_matches_npm_canonicalize_on_the_shared_vectors(self) -> None:
        vectors = read_vectors("jcs.json")
        self.assertGreaterEqual(len(vectors), 8)
        for vector in vectors:
            with self.subTest(vector["name"]):
                value = json.loads(vector["json"])
                if vector.get("error"):
                    with self.assertRaises(ValueError):
                        canonicalize(value)
                else:
                    self.assertEqual(canonicalize(value), vector["canonical"])

    def test_refuses_what_json_cannot_carry(self) -> None:
        for value in (float("nan"), float("inf"), {1: "x"}, {"a": object()}):
            with self.subTest(repr(value)), self.assertRaises((ValueError, TypeError)):
                canonicalize(value)


if __name__ == "__main__":
    unittest.main()
