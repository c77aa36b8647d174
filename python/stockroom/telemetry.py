"""Background reporting to ``POST …/events``, as the TypeScript SDK's sdk/telemetry.ts. Nothing here may block or fail
the agent: events wait in a bounded queue, a daemon thread sends them in batches, backs off on 429/5xx and network
errors, drops the oldest when the queue is full (counted, reported with the next batch), and ``close()`` flushes."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import deque
from typing import Any, Deque, Dict, List, Optional, Tuple

from .http import ApiTarget

__all__ = ["TelemetryReporter", "events_url", "new_event_id"]

#: One request carries at most this many events and bytes (EVENT_BATCH_LIMITS in domain/agent-events.ts).
MAX_EVENTS_PER_BATCH = 1000
#: Below the server's 1 MB, leaving room for the envelope.
MAX_BATCH_BYTES = 1_000_000 - 10_000
MAX_BACKOFF_SECONDS = 60.0


def new_event_id() -> str:
    return str(uuid.uuid4())


def events_url(target: ApiTarget) -> str:
    return target.catalog_url("events")


class TelemetryReporter:
    """A queue of events for one catalog and the thread that sends them."""

    def __init__(
        self, target: ApiTarget, max_queue: int = 10_000, flush_interval: float = 2.0, max_batch: int = 500
    ) -> None:
        self._target = target
        self._max_queue = max(1, int(max_queue))
        self._max_batch = min(MAX_EVENTS_PER_BATCH, max(1, int(max_batch)))
        self._interval = max(0.05, float(flush_interval))
        self._queue: Deque[str] = deque()
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()  # one batch in flight at a time, as the TypeScript reporter
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._closed = False
        self._unreported_drops = 0
        self._failures = 0
        self._retry_at = 0.0
        self._stats = {"sent": 0, "dropped": 0, "rejected": 0, "failed_attempts": 0}

    def record(self, event: Dict[str, Any]) -> None:
        """Queues one event (never raises); a full queue drops its oldest event."""
        if self._closed:
            return
        text = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            self._queue.append(text)
            self._trim()
            full = len(self._queue) >= self._max_batch
            if self._thread is None:
                # Started on first use, a daemon: a pending report never keeps a finished agent alive.
                self._thread = threading.Thread(target=self._run, name="stockroom-telemetry", daemon=True)
                self._thread.start()
        if full:
            self._wake.set()

    def stats(self) -> Dict[str, int]:
        with self._lock:
            return dict(self._stats, queued=len(self._queue))

    def flush(self) -> None:
        """Sends what is queued, one batch at a time; stops at the first failure (the thread tries again later)."""
        with self._send_lock:
            while time.monotonic() >= self._retry_at:
                batch, dropped = self._take_batch()
                if not batch:
                    return
                if not self._send(batch, dropped):
                    return

    def close(self) -> None:
        """Stops the thread and sends what is left (one attempt per batch, errors swallowed)."""
        self._stopped.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=self._target.timeout + 1)
        self._retry_at = 0.0
        self.flush()
        self._closed = True

    def _run(self) -> None:
        while not self._stopped.is_set():
            self._wake.wait(self._interval)
            self._wake.clear()
            if not self._stopped.is_set():
                self.flush()

    def _trim(self) -> None:
        while len(self._queue) > self._max_queue:
            self._queue.popleft()
            self._unreported_drops += 1
            self._stats["dropped"] += 1

    def _take_batch(self) -> Tuple[List[str], int]:
        with self._lock:
            batch: List[str] = []
            size = 0
            while self._queue and len(batch) < self._max_batch:
                size += len(self._queue[0].encode("utf-8")) + 1
                if size > MAX_BATCH_BYTES and batch:
                    break
                batch.append(self._queue.popleft())
            return batch, self._unreported_drops

    def _post(self, body: bytes) -> Tuple[int, float]:
        """(status, Retry-After seconds); status 0 for a network error or an answer that is not JSON."""
        request = urllib.request.Request(events_url(self._target), data=body, method="POST")
        request.add_header("Authorization", "Bearer %s" % self._target.token)
        request.add_header("Content-Type", "application/json")
        request.add_header("Accept", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self._target.timeout) as response:
                json.loads(response.read().decode("utf-8"))
                return response.status, 0.0
        except urllib.error.HTTPError as error:
            from .http import retry_after_seconds_of  # seconds or an HTTP date, as the snapshot requests read it

            retry = retry_after_seconds_of(error.headers.get("Retry-After") if error.headers else None)
            return error.code, retry or 0.0
        except (OSError, ValueError):
            return 0, 0.0

    def _send(self, batch: List[str], dropped: int) -> bool:
        """True: done with this batch (sent, or refused for good); False: put back and back off."""
        tail = ',"dropped":%d' % dropped if dropped > 0 else ""
        status, retry_after = self._post(('{"events":[%s]%s}' % (",".join(batch), tail)).encode("utf-8"))
        with self._lock:
            if 200 <= status < 300 or (status != 0 and status != 429 and status < 500):
                # A 4xx other than 429 will not pass on a retry either: counted as rejected, not resent.
                self._unreported_drops -= dropped
                self._stats["sent" if status < 300 else "rejected"] += len(batch)
                if status < 300:
                    self._failures = 0
                return True
            self._stats["failed_attempts"] += 1
            self._failures += 1
            # Back to the front, within the bound: if new events filled the queue meanwhile, the oldest go.
            self._queue.extendleft(reversed(batch))
            self._trim()
            backoff = min(MAX_BACKOFF_SECONDS, 0.5 * 2 ** (self._failures - 1)) * (0.5 + random.random() / 2)
            self._retry_at = time.monotonic() + max(backoff, retry_after)
            return False
