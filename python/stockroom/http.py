"""The agent API over HTTP with urllib: snapshots (with ETag revalidation) and hosted search. 429 and 503 answers are
sent again with bounded exponential backoff that honours Retry-After, as sdk/retry.ts does."""

from __future__ import annotations

import email.utils
import json
import random
import re
import time
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

    def __init__(
        self, status: int, code: str, message: str, retry_after_seconds: Optional[float] = None, attempts: int = 1
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after_seconds = retry_after_seconds
        #: Requests sent before this refusal was final (more than 1 when 429 or 503 answers were retried).
        self.attempts = attempts


RETRIED_STATUSES = (429, 503)


@dataclass(frozen=True)
class ApiTarget:
    url: str
    token: str
    team: str
    catalog: str
    timeout: float = 30.0
    #: Retries of a 429 or 503 answer after the first attempt (0 never retries).
    retries: int = 4
    #: The first wait without Retry-After, in seconds, doubled on each retry (50–100 % of it: jitter).
    retry_base_delay: float = 0.5
    #: No single wait is longer: a Retry-After beyond it is not waited out, the SDK gives up.
    retry_max_delay: float = 30.0

    def __post_init__(self) -> None:
        for name in ("retries", "retry_base_delay", "retry_max_delay"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0 or value == float("inf"):
                raise ValueError("%s must be a number >= 0, got %r" % (name, value))

    def catalog_url(self, tail: str) -> str:
        quote = lambda part: urllib.parse.quote(part, safe="")  # noqa: E731
        return "%s/api/v1/catalogs/%s/%s/%s" % (self.url.rstrip("/"), quote(self.team), quote(self.catalog), tail)


def snapshots_url(target: ApiTarget, version: Version = "latest") -> str:
    return target.catalog_url("snapshots/%s" % version)


def retry_after_seconds_of(header: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After in seconds: delta-seconds or an HTTP date; None when absent or unreadable."""
    text = (header or "").strip()
    if not text:
        return None
    if re.fullmatch(r"\d+(\.\d+)?", text):
        return float(text)
    try:
        at = email.utils.parsedate_to_datetime(text).timestamp()
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


def next_retry(target: ApiTarget, attempt: int, status: int, retry_after: Optional[float]) -> Tuple[float, str]:
    """(seconds to wait, "") to send again after attempt ``attempt`` (1-based), or (0, why) to give up."""
    if status not in RETRIED_STATUSES:
        return 0.0, ""
    retries = int(target.retries)
    if retries == 0:
        return 0.0, "not retried (retries: 0)"
    if attempt > retries:
        return 0.0, "gave up after %d attempts (retries: %d)" % (attempt, retries)
    if retry_after is not None and retry_after > target.retry_max_delay:
        return 0.0, "gave up after %d attempt%s: the server asked to wait %s, more than retry_max_delay (%s)" % (
            attempt,
            "" if attempt == 1 else "s",
            _seconds(retry_after),
            _seconds(target.retry_max_delay),
        )
    backoff = min(target.retry_max_delay, target.retry_base_delay * 2 ** (attempt - 1)) * (0.5 + random.random() / 2)
    return max(backoff, retry_after or 0.0), ""


def _seconds(value: float) -> str:
    return ("%.1f s" if value < 10 else "%.0f s") % value


def _error_of(error: urllib.error.HTTPError, url: str, attempts: int = 1, give_up: str = "") -> StockroomApiError:
    code, message = "HTTP_ERROR", "%s %s from %s" % (error.code, error.reason, url)
    try:
        body = json.loads(error.read().decode("utf-8"))
        code = str(body["error"]["code"])
        message = str(body["error"]["message"])
    except (ValueError, KeyError, TypeError):
        pass  # not our JSON error shape (a proxy's HTML page, say): keep the status line
    retry_after = retry_after_seconds_of(error.headers.get("Retry-After") if error.headers else None)
    if give_up:
        message = "%s (%d %s from %s; %s)" % (message, error.code, code, url, give_up)
    return StockroomApiError(error.code, code, message, retry_after if retry_after else None, attempts)


def _send(target: ApiTarget, request: urllib.request.Request) -> Tuple[int, Dict[str, str], bytes]:
    """One request, sent again after a 429 or 503 as the target's retry settings allow."""
    request.add_header("Authorization", "Bearer %s" % target.token)
    request.add_header("Accept", "application/json")
    attempt = 1
    while True:
        try:
            with urllib.request.urlopen(request, timeout=target.timeout) as response:
                return response.status, dict(response.headers.items()), response.read()
        except urllib.error.HTTPError as error:
            if error.code == 304:
                return 304, dict(error.headers.items()), b""
            retry_after = retry_after_seconds_of(error.headers.get("Retry-After") if error.headers else None)
            wait, give_up = next_retry(target, attempt, error.code, retry_after)
            if give_up or error.code not in RETRIED_STATUSES:
                raise _error_of(error, request.full_url, attempt, give_up) from None
            error.close()
        time.sleep(wait)
        attempt += 1


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
