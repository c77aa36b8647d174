"""The telemetry queue against a local stdlib HTTP server that answers as scripted: batching, drops, backoff."""

import json
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, List, Tuple

from stockroom import ApiTarget, CatalogTelemetry, TelemetryReporter, calls_in


class ScriptedServer:
    """Answers each POST with the next (status, headers) of the script, then 202; keeps every body it got."""

    def __init__(self, script: List[Tuple[int, dict]]) -> None:
        self.script = list(script)
        self.bodies: List[Any] = []
        self.paths: List[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.bodies.append(body)
                outer.paths.append(self.path + " " + self.headers["Authorization"])
                status, headers = outer.script.pop(0) if outer.script else (202, {})
                answer = json.dumps({"accepted": len(body["events"]), "stored": 0, "duplicates": 0}).encode()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.target = ApiTarget("http://127.0.0.1:%d" % self.server.server_address[1], "srk_t", "a b", "cat", 5.0)

    def ids(self, index: int) -> List[str]:
        return [event["id"] for event in self.bodies[index]["events"]]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def event(i: int) -> dict:
    return {"type": "outcome", "id": "e%d" % i, "callId": "call_%d" % i, "ok": True}


class TelemetryQueueTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server = ScriptedServer([(503, {}), (429, {"Retry-After": "30"}), (400, {})])
        self.addCleanup(self.server.stop)

    def test_drops_the_oldest_backs_off_and_reports_the_drops(self) -> None:
        reporter = TelemetryReporter(self.server.target, max_queue=3, flush_interval=3600)
        for i in range(5):
            reporter.record(event(i))
        self.assertEqual(reporter.stats(), {"queued": 3, "sent": 0, "dropped": 2, "rejected": 0, "failed_attempts": 0})

        before = time.monotonic()
        reporter.flush()  # 503: the batch goes back, and the next try waits 0.25-0.5 s
        self.assertEqual(self.server.ids(0), ["e2", "e3", "e4"])
        self.assertEqual(self.server.bodies[0]["dropped"], 2)
        self.assertEqual(self.server.paths[0], "/api/v1/catalogs/a%20b/cat/events Bearer srk_t")
        self.assertTrue(0.25 <= reporter._retry_at - before <= 0.5 + (time.monotonic() - before))
        reporter.flush()  # still backing off: nothing is sent
        self.assertEqual(len(self.server.bodies), 1)
        self.assertEqual(reporter.stats()["failed_attempts"], 1)

        reporter.record(event(5))  # the queue is full again: the oldest (e2) goes, still counted
        reporter._retry_at = 0.0
        reporter.flush()  # 429 with Retry-After: 30 wins over the 0.5-1 s backoff
        self.assertEqual(self.server.ids(1), ["e3", "e4", "e5"])
        self.assertEqual(self.server.bodies[1]["dropped"], 3)
        self.assertGreaterEqual(reporter._retry_at - time.monotonic(), 29)

        reporter._retry_at = 0.0
        reporter.flush()  # 400: refused for good, not resent; the drops were reported with it
        self.assertEqual(reporter.stats(), {"queued": 0, "sent": 0, "dropped": 3, "rejected": 3, "failed_attempts": 2})
        reporter.record(event(6))
        reporter.close()  # 202: sent; no drops left to report
        self.assertEqual(self.server.ids(3), ["e6"])
        self.assertNotIn("dropped", self.server.bodies[3])
        self.assertEqual(reporter.stats()["sent"], 1)
        reporter.record(event(7))  # after close: ignored
        self.assertEqual(reporter.stats()["queued"], 0)

    def test_retry_after_as_an_http_date_is_honoured(self) -> None:
        import email.utils

        self.server.script = [(503, {"Retry-After": email.utils.formatdate(time.time() + 40, usegmt=True)})]
        reporter = TelemetryReporter(self.server.target, flush_interval=3600)
        reporter.record(event(1))
        reporter.flush()
        self.assertGreaterEqual(reporter._retry_at - time.monotonic(), 38)
        self.assertEqual(reporter.stats()["queued"], 1)

    def test_the_thread_sends_full_batches_and_on_its_timer(self) -> None:
        self.server.script = []
        reporter = TelemetryReporter(self.server.target, max_batch=2, flush_interval=0.05)
        for i in range(5):
            reporter.record(event(i))
        deadline = time.monotonic() + 5
        while reporter.stats()["sent"] < 5 and time.monotonic() < deadline:
            time.sleep(0.02)
        # A full batch wakes the thread at once, the timer sends the rest; how they split depends on timing.
        self.assertTrue(all(len(body["events"]) <= 2 for body in self.server.bodies))
        sent = [i for n in range(len(self.server.bodies)) for i in self.server.ids(n)]
        self.assertEqual(sent, ["e0", "e1", "e2", "e3", "e4"])
        self.assertEqual(reporter.stats()["sent"], 5)
        reporter.close()

    def test_an_unreachable_server_never_raises(self) -> None:
        reporter = TelemetryReporter(ApiTarget("http://127.0.0.1:9", "srk_t", "a", "b", 1.0), flush_interval=3600)
        reporter.record(event(1))
        reporter.close()
        self.assertEqual(reporter.stats(), {"queued": 1, "sent": 0, "dropped": 0, "rejected": 0, "failed_attempts": 1})

    def test_a_large_search_stays_within_what_the_server_accepts(self) -> None:
        self.server.script = []
        telemetry = CatalogTelemetry(TelemetryReporter(self.server.target, flush_interval=3600), "conv")
        hits = [
            {"id": "t%d" % i, "rank": i + 1, "score": 1.0, "strength": "weak" if i else "strong"} for i in range(300)
        ]
        telemetry.record_search("q" * 5000, 5000, hits, 3, "stockroom", 1.5)
        telemetry.reporter.flush()
        sent = self.server.bodies[0]["events"][0]
        self.assertEqual((len(sent["query"]), sent["limit"], len(sent["hits"])), (4000, 1000, 200))
        self.assertEqual(sent["hits"][:2], [hits[0], hits[1]])
        self.assertEqual((sent["conversationId"], sent["snapshotVersion"], sent["profile"]), ("conv", 3, "stockroom"))

    def test_reads_calls_from_openai_items_and_anthropic_blocks(self) -> None:
        class Item:  # the official clients return objects, not dicts
            type, call_id, name, namespace = "function_call", "call_9", "refund", "stripe"

        items = [
            {"type": "function_call", "call_id": "call_1", "name": "create_issue", "namespace": "github"},
            {"type": "message", "content": []},
            {"type": "tool_use", "id": "toolu_1", "name": "github__create_issue", "input": {}},
            {"type": "function_call", "call_id": "", "name": "x"},
            Item(),
        ]
        self.assertEqual(
            calls_in(items),
            [
                ("call_1", "create_issue", "github"),
                ("toolu_1", "github__create_issue", None),
                ("call_9", "refund", "stripe"),
            ],
        )
        self.assertEqual(calls_in({"content": items[2:3]}), [("toolu_1", "github__create_issue", None)])
        self.assertEqual(calls_in(None), [])


if __name__ == "__main__":
    unittest.main()
