"""The agent API over HTTP with urllib: snapshots (with ETag revalidation) and hosted search."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple, Union

from .snapshot import Snapshot, parse_json, verify_snapshot

__all__ = ["ApiTarget", "StockroomApiError", "fetch_snapshot", "hosted_search", "snapshots_url"]

Version = Union[int, str]


class StockroomApiError(Exception):
    """A refusal by the API: the HTTP status and the ``{"error": {"code", "message"}}`` it sent."""

    def __init__(self, status: int, code: str, message: str, retry_after_seconds: Optional[float] = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after_seconds = retry_after_seconds


@dataclass(frozen=True)
class ApiTarget:
    url: str
    token: str
    team: str
    catalog: str
    timeout: float = 30.0

    def catalog_url(self, tail: str) -> str:
        quote = lambda part: urllib.parse.quote(part, safe="")  # noqa: E731
        return "%s/api/v1/catalogs/%s/%s/%s" % (self.url.rstrip("/"), quote(self.team), quote(self.catalog), tail)


def snapshots_url(target: ApiTarget, version: Version = "latest") -> str:
    return target.catalog_url("snapshots/%s" % version)


def _error_of(error: urllib.error.HTTPError, url: str) -> StockroomApiError:
    code, message = "HTTP_ERROR", "%s %s from %s" % (error.code, error.reason, url)
    try:
        body = json.loads(error.read().decode("utf-8"))
        code = str(body["error"]["code"])
        message = str(body["error"]["message"])
    except (ValueError, KeyError, TypeError):
        pass  # not our JSON error shape (a proxy's HTML page, say): keep the status line
    retry = error.headers.get("Retry-After") if error.headers else None
    retry_after = float(retry) if retry and retry.isdigit() and int(retry) > 0 else None
    return StockroomApiError(error.code, code, message, retry_after)


def _send(target: ApiTarget, request: urllib.request.Request) -> Tuple[int, Dict[str, str], bytes]:
    request.add_header("Authorization", "Bearer %s" % target.token)
    request.add_header("Accept", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=target.timeout) as response:
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as error:
        if error.code == 304:
            return 304, dict(error.headers.items()), b""
        raise _error_of(error, request.full_url) from None


def fetch_snapshot(
    target: ApiTarget, version: Version = "latest", etag: Optional[str] = None
) -> Optional[Tuple[Snapshot, str]]:
    """The verified snapshot and its body text, or None when ``etag`` (a contentHash) is still current (304)."""
    request = urllib.request.Request(snapshots_url(target, version))
    if etag:
        request.add_header("If-None-Match", '"%s"' % etag)
    status, _, body = _send(target, request)
    if status == 304:
        return None
    text = body.decode("utf-8")
    snapshot = verify_snapshot(parse_json(text))
    assert_snapshot_is_for(snapshot, target, version)
    return snapshot, text


def assert_snapshot_is_for(snapshot: Snapshot, target: ApiTarget, version: Version) -> None:
    """A verified snapshot can still be the wrong one (a misrouted proxy, a stale cache file)."""
    team, slug = snapshot["catalog"].get("team"), snapshot["catalog"].get("slug")
    if team != target.team or slug != target.catalog:
        raise StockroomApiError(
            0, "WRONG_SNAPSHOT", "Expected a snapshot of %s/%s, got %s/%s." % (target.team, target.catalog, team, slug)
        )
    if version != "latest" and snapshot["version"] != version:
        raise StockroomApiError(0, "WRONG_SNAPSHOT", "Expected version %s, got %s." % (version, snapshot["version"]))


def hosted_search(target: ApiTarget, body: Dict[str, Any]) -> Dict[str, Any]:
    """``POST …/search``: the server ranks on the snapshot it holds (see the OpenAPI document)."""
    data = json.dumps(body).encode("utf-8")
    request = urllib.request.Request(target.catalog_url("search"), data=data, method="POST")
    request.add_header("Content-Type", "application/json")
    _, _, answer = _send(target, request)
    return json.loads(answer.decode("utf-8"))
