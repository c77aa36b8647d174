import copy
import re
import tempfile
import unittest

from tests.support import REPO_ROOT, read_vectors
from stockroom import SNAPSHOT_FORMAT, SNAPSHOT_FORMATS, SnapshotIntegrityError, compute_content_hash, verify_snapshot
from stockroom.cache import read_cached_snapshot, write_cached_snapshot
from stockroom.jcs import canonicalize


def sealed() -> dict:
    snapshot = dict(read_vectors("first-request.json")["content"], version=3, publishedAt="2026-01-01T00:00:00.000Z")
    snapshot["contentHash"] = compute_content_hash(snapshot)
    return snapshot


class SnapshotTest(unittest.TestCase):
    def test_format_is_the_typescript_one(self) -> None:
        source = (REPO_ROOT / "domain" / "snapshot" / "format.ts").read_text(encoding="utf-8")
        self.assertIn('SNAPSHOT_FORMAT = "%s"' % SNAPSHOT_FORMAT, source)

    def test_formats_are_the_typescript_ones(self) -> None:
        source = (REPO_ROOT / "domain" / "snapshot" / "format.ts").read_text(encoding="utf-8")
        self.assertIn("SNAPSHOT_FORMATS = [%s] as const" % ", ".join('"%s"' % f for f in SNAPSHOT_FORMATS), source)
        self.assertEqual(SNAPSHOT_FORMAT, "stockroom.snapshot/v2")

    def test_verifies_what_the_typescript_sdk_sealed_in_both_formats(self) -> None:
        # snapshots.json: one content sealed by domain/snapshot/verify.ts as v1 (legacy hash) and as v2 (RFC 8785 hash).
        v1, v2 = read_vectors("snapshots.json")
        self.assertEqual((v1["format"], v2["format"]), SNAPSHOT_FORMATS)
        self.assertNotEqual(v1["contentHash"], v2["contentHash"])
        for snapshot in (v1, v2):
            with self.subTest(snapshot["format"]):
                self.assertEqual(compute_content_hash(snapshot), snapshot["contentHash"])
                self.assertIs(verify_snapshot(snapshot), snapshot)
        # A v1 hash does not pass for v2 and back: each format is checked with its own form.
        for snapshot, other in ((v1, v2), (v2, v1)):
            with self.subTest("swapped " + snapshot["format"]), self.assertRaisesRegex(SnapshotIntegrityError, "hash"):
                verify_snapshot({**snapshot, "contentHash": other["contentHash"]})
        with self.assertRaisesRegex(SnapshotIntegrityError, "format is 'stockroom.snapshot/v3'"):
            verify_snapshot({**v2, "format": "stockroom.snapshot/v3"})

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
