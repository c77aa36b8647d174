import copy
import re
import tempfile
import unittest

from tests.support import REPO_ROOT, read_vectors
from stockroom import SNAPSHOT_FORMAT, SnapshotIntegrityError, compute_content_hash, verify_snapshot
from stockroom.cache import read_cached_snapshot, write_cached_snapshot
from stockroom.jcs import canonicalize


def sealed() -> dict:
    snapshot = dict(read_vectors("first-request.json")["content"], version=3, publishedAt="2026-01-01T00:00:00.000Z")
    snapshot["contentHash"] = compute_content_hash(snapshot)
    return snapshot


class SnapshotTest(unittest.TestCase):
    def test_format_is_the_typescript_one(self) -> None:
        source = (REPO_ROOT / "sdk" / "snapshot.ts").read_text(encoding="utf-8")
        self.assertIn('SNAPSHOT_FORMAT = "%s"' % SNAPSHOT_FORMAT, source)

    def test_verifies_and_refuses_tampering(self) -> None:
        snapshot = sealed()
        self.assertRegex(snapshot["contentHash"], r"^sha256-[0-9a-f]{64}$")
        self.assertIs(verify_snapshot(snapshot), snapshot)
        tampered = copy.deepcopy(snapshot)
        tampered["tools"][0]["spec"]["description"] += " (changed)"
        with self.assertRaisesRegex(SnapshotIntegrityError, "does not match its hash"):
            verify_snapshot(tampered)
        for broken in ({}, {**snapshot, "format": "other"}, {**snapshot, "version": 0}, [snapshot]):
            with self.subTest(broken=str(broken)[:40]), self.assertRaises(SnapshotIntegrityError):
                verify_snapshot(broken)

    def test_hash_is_over_the_canonical_form_without_content_hash(self) -> None:
        snapshot = sealed()
        reordered = dict(reversed(list(snapshot.items())))
        self.assertEqual(compute_content_hash(reordered), snapshot["contentHash"])
        self.assertNotIn("contentHash", canonicalize({k: v for k, v in snapshot.items() if k != "contentHash"}))

    def test_cache_keeps_verified_snapshots_only(self) -> None:
        import json

        snapshot = sealed()
        with tempfile.TemporaryDirectory() as cache_dir:
            self.assertIsNone(read_cached_snapshot(cache_dir, "acme", "support", 3))
            write_cached_snapshot(cache_dir, "acme", "support", 3, json.dumps(snapshot))
            self.assertEqual(read_cached_snapshot(cache_dir, "acme", "support", 3), snapshot)
            write_cached_snapshot(cache_dir, "acme", "support", 3, json.dumps({**snapshot, "version": 4}))
            self.assertIsNone(read_cached_snapshot(cache_dir, "acme", "support", 3))  # corrupt: ignored, not trusted
            write_cached_snapshot(cache_dir, "a/b", "c d", "latest", "{not json")
            self.assertIsNone(read_cached_snapshot(cache_dir, "a/b", "c d", "latest"))
            self.assertTrue(re.search(r"a%2Fb", str(list(__import__("pathlib").Path(cache_dir).iterdir()))))


if __name__ == "__main__":
    unittest.main()
