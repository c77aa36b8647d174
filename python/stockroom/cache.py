"""The optional on-disk cache: the last verified snapshot per catalog and version (same layout as the TS SDK)."""

from __future__ import annotations

import os
import tempfile
import urllib.parse
from typing import Optional, Union

from .snapshot import Snapshot, SnapshotIntegrityError, parse_json, verify_snapshot

__all__ = ["read_cached_snapshot", "write_cached_snapshot"]


def _path_of(cache_dir: str, team: str, catalog: str, version: Union[int, str]) -> str:
    quote = lambda part: urllib.parse.quote(part, safe="")  # noqa: E731  (as encodeURIComponent)
    return os.path.join(cache_dir, quote(team), quote(catalog), "%s.json" % version)


def read_cached_snapshot(cache_dir: str, team: str, catalog: str, version: Union[int, str]) -> Optional[Snapshot]:
    """The cached snapshot, verified; None when there is none or it fails its hash check (never trusted blindly)."""
    try:
        with open(_path_of(cache_dir, team, catalog, version), encoding="utf-8") as file:
            text = file.read()
    except OSError:
        return None
    try:
        return verify_snapshot(parse_json(text))
    except (ValueError, SnapshotIntegrityError):
        return None


def write_cached_snapshot(cache_dir: str, team: str, catalog: str, version: Union[int, str], body: str) -> None:
    """Writes through a temporary file and a rename, so a crash never leaves half a snapshot behind."""
    path = _path_of(cache_dir, team, catalog, version)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(body)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
