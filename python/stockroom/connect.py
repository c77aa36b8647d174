"""``connect``: fetch and verify a catalog's snapshot, with the disk cache as a fallback when the server is down."""

from __future__ import annotations

import urllib.error
from typing import Any, Dict, Mapping, Optional, Union

from .cache import read_cached_snapshot, write_cached_snapshot
from .catalog import Catalog
from .http import ApiTarget, StockroomApiError, assert_snapshot_is_for, fetch_snapshot
from .telemetry import TelemetryReporter
from .telemetry_session import CatalogTelemetry

__all__ = ["connect"]

Version = Union[int, str]


def _is_transient(error: BaseException) -> bool:
    """Network failures and server trouble fall back to the cache; a refusal (401, 403, 404) does not."""
    if isinstance(error, StockroomApiError):
        return error.status == 429 or error.status >= 500
    return isinstance(error, (urllib.error.URLError, OSError))


def _telemetry_for(target: ApiTarget, telemetry: Union[bool, Mapping[str, Any]]) -> Optional[CatalogTelemetry]:
    if telemetry is False:
        return None
    options = dict(telemetry) if isinstance(telemetry, Mapping) else {}
    conversation_id = options.pop("conversation_id", None)
    unknown = set(options) - {"max_queue", "flush_interval", "max_batch"}
    if unknown:
        raise ValueError("unknown telemetry options: %s" % ", ".join(sorted(unknown)))
    return CatalogTelemetry(TelemetryReporter(target, **options), conversation_id)


def _retry_fields(retry: Union[bool, Mapping[str, float]]) -> Dict[str, float]:
    if retry is False:
        return {"retries": 0}
    options = dict(retry) if isinstance(retry, Mapping) else {}
    unknown = set(options) - {"retries", "base_delay", "max_delay"}
    if unknown:
        raise ValueError("unknown retry options: %s" % ", ".join(sorted(unknown)))
    names = {"retries": "retries", "base_delay": "retry_base_delay", "max_delay": "retry_max_delay"}
    return {names[key]: value for key, value in options.items()}


def _make(target: ApiTarget, pinned: Version, cache_dir: Optional[str], telemetry: Any):
    return lambda snapshot, source: Catalog(target, pinned, cache_dir, snapshot, source, telemetry)


def connect(
    url: str,
    token: str,
    team: str,
    catalog: str,
    version: Optional[Version] = None,
    cache_dir: Optional[str] = None,
    rank_locally: Optional[bool] = None,
    timeout: float = 30.0,
    telemetry: Union[bool, Mapping[str, Any]] = True,
    retry: Union[bool, Mapping[str, float]] = True,
) -> Catalog:
    """Fetches the catalog's snapshot (latest or pinned) and verifies its hash and catalog. With ``cache_dir``: a
    pinned version already cached is used without a request; otherwise the cached copy is revalidated with its
    ETag and used as-is when the server cannot be reached. Searches rank locally with the snapshot's profile
    (``snowballstemmer`` is required; ``rank_locally`` is kept for compatibility: only None or True). ``telemetry``: searches,
    observed calls and outcomes go to the events API in the background (False: off; or a dict of
    ``conversation_id``, ``max_queue`` (10,000), ``flush_interval`` (2.0 s), ``max_batch`` (500)); ``close()``
    sends what is left. ``retry``: 429 and 503 answers are sent again with bounded exponential backoff honouring
    Retry-After (False: never; or a dict of ``retries`` (4), ``base_delay`` (0.5 s), ``max_delay`` (30 s), the
    longest single wait); giving up raises the last refusal, its message saying how many attempts and why."""
    pinned: Version = "latest" if version is None else version
    if pinned != "latest" and (not isinstance(pinned, int) or isinstance(pinned, bool) or pinned < 1):
        raise ValueError("version must be a positive integer or 'latest', got %r" % (version,))
    target = ApiTarget(url=url, token=token, team=team, catalog=catalog, timeout=timeout, **_retry_fields(retry))
    if rank_locally is False:
        raise ValueError(
            "rank_locally=False is no longer supported: the Python SDK ranks every profile locally, exactly as the "
            "TypeScript SDK (stockroom.http.hosted_search still calls the hosted endpoint directly)"
        )
    made = _make(target, pinned, cache_dir, _telemetry_for(target, telemetry))
    cached = read_cached_snapshot(cache_dir, team, catalog, pinned) if cache_dir else None
    if cached is not None:
        try:
            assert_snapshot_is_for(cached, target, pinned)
        except StockroomApiError:
            cached = None
    if cached is not None and pinned != "latest":
        return made(cached, "cache")
    try:
        result = fetch_snapshot(target, pinned, etag=cached["contentHash"] if cached else None)
    except Exception as error:
        if cached is not None and _is_transient(error):
            return made(cached, "cache")
        raise
    if result is None:
        assert cached is not None
        return made(cached, "network")
    snapshot, body = result
    if cache_dir:
        write_cached_snapshot(cache_dir, team, catalog, pinned, body)
    return made(snapshot, "network")
