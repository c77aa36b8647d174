"""Snapshot formats ``stockroom.snapshot/v2`` (hash over RFC 8785) and ``v1`` (hash over the legacy form, still
verified): parsing, the shape checks that matter, and the content hash, as the TypeScript SDK's domain/snapshot/verify.ts."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Dict

from ._vocabulary import ENGINE_PROFILES
from .jcs import canonicalize, legacy_canonicalize

__all__ = [
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_FORMATS",
    "SnapshotIntegrityError",
    "compute_content_hash",
    "parse_json",
    "verify_snapshot",
]

SNAPSHOT_FORMATS = ("stockroom.snapshot/v1", "stockroom.snapshot/v2")
# The format new snapshots are published in; the package's major version is its number.
SNAPSHOT_FORMAT = "stockroom.snapshot/v2"

Snapshot = Dict[str, Any]


class SnapshotIntegrityError(Exception):
    """The document is not a snapshot, or its content does not match its hash (tampered or truncated)."""


def _no_constants(name: str) -> Any:
    raise ValueError("JSON does not allow %s" % name)


def parse_json(text: str) -> Any:
    """Strict JSON: NaN and Infinity are refused, as JavaScript's JSON.parse refuses them."""
    return json.loads(text, parse_constant=_no_constants)


def compute_content_hash(snapshot: Snapshot) -> str:
    """``sha256-<hex>`` of the canonical JSON of everything except ``contentHash``: RFC 8785 from v2 on, the
    legacy form (integer-like keys first) for ``stockroom.snapshot/v1``."""
    rest = {key: value for key, value in snapshot.items() if key != "contentHash"}
    form = legacy_canonicalize if rest.get("format") == "stockroom.snapshot/v1" else canonicalize
    return "sha256-" + hashlib.sha256(form(rest).encode("utf-8")).hexdigest()


def _check_shape(value: Any) -> Snapshot:
    if not isinstance(value, dict):
        raise SnapshotIntegrityError("Not a %s document: not an object" % SNAPSHOT_FORMAT)
    if value.get("format") not in SNAPSHOT_FORMATS:
        raise SnapshotIntegrityError(
            "Not a snapshot this SDK reads (%s): format is %r" % (" or ".join(SNAPSHOT_FORMATS), value.get("format"))
        )
    for key, kind in (("catalog", dict), ("engine", dict), ("namespaces", list), ("tools", list), ("contentHash", str)):
        if not isinstance(value.get(key), kind):
            raise SnapshotIntegrityError(
                "Not a %s document: %s is missing or not a %s" % (SNAPSHOT_FORMAT, key, kind.__name__)
            )
    version = value.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SnapshotIntegrityError("Not a %s document: version must be a positive integer" % SNAPSHOT_FORMAT)
    if value["engine"].get("profile") not in ENGINE_PROFILES:
        raise SnapshotIntegrityError("Unknown engine profile %r" % (value["engine"].get("profile"),))
    for tool in value["tools"]:
        if not (isinstance(tool, dict) and isinstance(tool.get("id"), str) and isinstance(tool.get("spec"), dict)):
            raise SnapshotIntegrityError("Not a %s document: a tool has no id or spec" % SNAPSHOT_FORMAT)
    return value


def verify_snapshot(value: Any) -> Snapshot:
    """Checks the format, then that the hash matches the content (refuses tampering); returns the snapshot."""
    snapshot = _check_shape(value)
    try:
        expected = compute_content_hash(snapshot)
    except (TypeError, ValueError) as error:
        raise SnapshotIntegrityError("Snapshot has no canonical form: %s" % error) from error
    if expected != snapshot["contentHash"]:
        raise SnapshotIntegrityError(
            "Snapshot content does not match its hash (%s, computed %s)." % (snapshot["contentHash"], expected)
        )
    return snapshot
