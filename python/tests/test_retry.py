"""429 and 503 answers are sent again with bounded backoff honouring Retry-After, against a local stdlib HTTP server
that answers GETs as scripted (the snapshot itself is one of the shared vectors, sealed by the TypeScript SDK)."""

import email.utils
import json
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, List, Tuple
from unittest import mock

from tests.support import read_vectors
from stockroom import StockroomApiError, connect
from stockroom.http import retry_after_seconds_of

QUICK = {"base_delay": 0.001, "max_delay": 2.0}


class ScriptedGets:
    """Answers each GET with the next (status, headers) of the script, then the v2 vector snapshot."""

    def __init__(self, script: List[Tuple[int, dict]]) -> None:
        self.script = list(script)
        self.count = 0
        outer = self
        snapshot = read_vectors("snapshots.json")[1]
        body_ok = json.dumps(snapshot).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                outer.count += 1
                status, headers = outer.script.pop(0) if outer.script else (200, {})
                code = {429: "RATE_LIMITED", 503: "UNAVAILABLE"}.get(status, "OTHER")
                error = {"error": {"code": code, "message": "scripted %d" % status}}
                body = body_ok if status == 200 else json.dumps(error).encode()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]

    def connect(self, **options: Any):
        return connect(self.url, "srk_t", "acme", "support", version=3, telemetry=False, **options)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class RetryTest(unittest.TestCase):
    def scripted(self, script: List[Tuple[int, dict]]) -> ScriptedGets:
        server = ScriptedGets(script)
        self.addCleanup(server.stop)
        return server

    def test_429_and_503_are_sent_again_until_they_pass_and_other_refusals_are_not(self) -> None:
        server = self.scripted([(429, {}), (503, {}), (429, {})])
        self.assertEqual(server.connect(retry=QUICK).version, 3)
        self.assertEqual(server.count, 4)
        server = self.scripted([(500, {})])
        with self.assertRaises(StockroomApiError) as caught:
            server.connect(retry=QUICK)
        self.assertEqual((caught.exception.status, caught.exception.attempts, server.count), (500, 1, 1))

    def test_retry_after_in_seconds_and_as_an_http_date_is_honoured(self) -> None:
        for form in ("seconds", "date"):
            value = "1" if form == "seconds" else email.utils.formatdate(time.time() + 1.5, usegmt=True)
            server = self.scripted([(429, {"Retry-After": value})])
            # The waits the SDK asks for, recorded (and not waited out): the backoff alone would be about 1 ms.
            with mock.patch("stockroom.http.time.sleep") as sleep:
                server.connect(retry=QUICK)
            waits = [call.args[0] for call in sleep.call_args_list]
            self.assertEqual(server.count, 2, form)
            self.assertEqual(len(waits), 1, form)
            # An HTTP date has whole seconds, so it may ask for up to 1 s less than the 1.5 s written.
            self.assertGreaterEqual(waits[0], 1.0 if form == "seconds" else 0.45, form)
            self.assertLessEqual(waits[0], 1.5, form)
        self.assertEqual(retry_after_seconds_of("120"), 120.0)
        self.assertIsNone(retry_after_seconds_of("soon"))

    def test_gives_up_after_the_bounded_retries_or_a_too_long_retry_after_saying_why(self) -> None:
        server = self.scripted([(503, {})] * 5)
        with self.assertRaises(StockroomApiError) as caught:
            server.connect(retry=dict(QUICK, retries=2))
        error = caught.exception
        self.assertEqual((error.status, error.code, error.attempts, server.count), (503, "UNAVAILABLE", 3, 3))
        self.assertRegex(
            str(error), r"^scripted 503 \(503 UNAVAILABLE from .*/snapshots/3; gave up after 3 attempts \(retries: 2\)\)$"
        )
        server = self.scripted([(429, {"Retry-After": "60"})])
        with self.assertRaises(StockroomApiError) as caught:
            server.connect(retry=QUICK)
        self.assertEqual((caught.exception.attempts, caught.exception.retry_after_seconds), (1, 60.0))
        self.assertIn("the server asked to wait 60 s, more than retry_max_delay (2.0 s))", str(caught.exception))
        server = self.scripted([(429, {})])
        with self.assertRaisesRegex(StockroomApiError, r"not retried \(retries: 0\)"):
            server.connect(retry=False)
        with self.assertRaisesRegex(ValueError, "retries must be a number >= 0"):
            server.connect(retry={"retries": -1})
        with self.assertRaisesRegex(ValueError, "unknown retry options: wait"):
            server.connect(retry={"wait": 1})

    def test_every_profile_ranks_locally_and_hosted_ranking_is_refused(self) -> None:
        server = self.scripted([])
        catalog = server.connect()
        before = server.count
        self.assertEqual(catalog.profile, "codex-bm25")
        self.assertEqual([hit["id"] for hit in catalog.search("send", 2)], ["crm.send", "mail.send"])
        self.assertEqual(server.count, before)  # ranked in this process: no request
        with self.assertRaisesRegex(ValueError, "rank_locally=False is no longer supported"):
            server.connect(rank_locally=False)


if __name__ == "__main__":
    unittest.main()
