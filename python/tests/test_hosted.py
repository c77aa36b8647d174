"""Against a real Stockroom server over HTTP (app/api/v1/python-sdk.test.ts starts one, publishes the demo catalog as
v1 = stockroom and v2 = codex-bm25, and writes what the TypeScript SDK answered for every golden query)."""

import json
import os
import tempfile
import unittest
from pathlib import Path

from stockroom import ApiTarget, StockroomApiError, connect
from stockroom.codex_bm25.engine import SearchQueryError
from stockroom.http import hosted_search
from stockroom.jcs import canonicalize

ENV = {name: os.environ.get("STOCKROOM_TEST_" + name) for name in ("URL", "TOKEN", "TEAM", "CATALOG", "EXPECTED")}
HAS_SERVER = all(ENV.values())
if not HAS_SERVER and os.environ.get("STOCKROOM_TEST_REQUIRE_SERVER") == "1":
    raise RuntimeError("STOCKROOM_TEST_URL, _TOKEN, _TEAM, _CATALOG and _EXPECTED must be set")
UNREACHABLE = "http://127.0.0.1:9"  # discard port: nothing listens, the connection is refused at once


@unittest.skipUnless(HAS_SERVER, "needs a server: run through npm test (app/api/v1/python-sdk.test.ts)")
class HostedTest(unittest.TestCase):
    expected: dict

    @classmethod
    def setUpClass(cls) -> None:
        cls.expected = json.loads(Path(ENV["EXPECTED"] or "").read_text(encoding="utf-8"))

    def connect(self, **options):
        # Telemetry has its own test (test_hosted_telemetry.py); here it would only add 400 events per run.
        args = dict(url=ENV["URL"], token=ENV["TOKEN"], team=ENV["TEAM"], catalog=ENV["CATALOG"], telemetry=False)
        args.update(options)
        return connect(**args)

    def test_every_golden_query_answers_as_the_typescript_sdk(self) -> None:
        for published in self.expected["versions"]:
            catalog = self.connect(version=published["version"])
            self.assertEqual(catalog.content_hash, published["contentHash"])
            self.assertEqual(catalog.profile, published["profile"])
            # Ranked in Python with either profile: nothing reaches the server once the snapshot is held.
            catalog._target = ApiTarget(UNREACHABLE, "srk_unused", ENV["TEAM"] or "", ENV["CATALOG"] or "")
            self.assertEqual(len(published["queries"]), 50)
            for case in published["queries"]:
                query = case["query"]
                with self.subTest(version=published["version"], query=query):
                    self.assertEqual(catalog.search(query), case["hits"])
                    self.assertEqual(catalog.search(query, 20), case["hits20"])
                    call = {"type": "tool_search_call", "call_id": "call_1", "arguments": json.dumps({"query": query})}
                    self.assertEqual(canonicalize(catalog.answer_tool_search_call(call)), canonicalize(case["openai"]))
                    block = {"type": "tool_use", "id": "toolu_1", "name": "tool_search", "input": {"query": query}}
                    self.assertEqual(canonicalize(catalog.answer_tool_use(block)), canonicalize(case["anthropic"]))
            paths = published["paths"]
            call = {"type": "tool_search_call", "call_id": "call_1", "arguments": {"paths": paths["paths"]}}
            self.assertEqual(canonicalize(catalog.answer_tool_search_call(call)), canonicalize(paths["openai"]))
            for case in published["turnOne"]:
                options = case["options"]
                tools = catalog.first_request_tools(
                    options["provider"],
                    options["supportsToolSearch"],
                    options["toolSearch"],
                    options["toolSearchArguments"],
                )
                self.assertEqual(canonicalize(tools), canonicalize(case["tools"]))

    def test_chat_completions_session_loads_what_search_ranks(self) -> None:
        for published in self.expected["versions"]:
            catalog = self.connect(version=published["version"])
            session = catalog.chat_session(max_loaded=5)
            case = published["queries"][0]
            call = {
                "id": "call_1",
                "type": "function",
                "function": {"name": "tool_search", "arguments": json.dumps({"query": case["query"]})},
            }
            answer = session.answer_tool_call(call)
            ranked = [hit["id"] for hit in case["hits"]]
            self.assertEqual(answer["loaded"], ranked[:5])
            self.assertEqual(answer["dropped"], [])
            names = [tool["function"]["name"] for tool in session.tools()]
            self.assertIn("tool_search", names)
            self.assertEqual(len(names), len(names[: names.index("tool_search") + 1]) + len(ranked[:5]))

    def test_local_search_refuses_what_the_typescript_sdk_refuses_and_hosted_search_stays(self) -> None:
        catalog = self.connect(version=self.expected["stockroomVersion"])
        self.assertEqual(len(catalog.search("refund", 1000)), len(catalog.search("refund", 500)))  # no hosted bound
        for limit in (0, -1, 1.5, True):
            with self.subTest(limit=limit), self.assertRaises(SearchQueryError) as caught:
                catalog.search("refund", limit)
            self.assertEqual(caught.exception.code, "INVALID_LIMIT")
        with self.assertRaises(SearchQueryError):
            catalog.search("   ")
        empty = catalog.answer_tool_search_call({"call_id": "c", "arguments": "{}"})
        self.assertEqual(empty["tools"], [])  # every call gets an answer, an empty query loads nothing
        # Other languages still have hosted search; it answers as the local ranking does.
        target = ApiTarget(ENV["URL"] or "", ENV["TOKEN"] or "", ENV["TEAM"] or "", ENV["CATALOG"] or "")
        hosted = hosted_search(target, {"query": "refund a charge", "version": catalog.version})
        self.assertEqual(hosted["hits"], catalog.search("refund a charge"))
        with self.assertRaises(StockroomApiError) as refused:
            hosted_search(target, {"query": "refund", "limit": 1000})
        self.assertEqual((refused.exception.status, refused.exception.code), (400, "INVALID_INPUT"))

    def test_refresh_with_the_etag_and_the_disk_cache(self) -> None:
        latest_version = self.expected["latestVersion"]
        first = self.expected["versions"][0]
        with tempfile.TemporaryDirectory() as cache_dir:
            latest = self.connect(cache_dir=cache_dir)
            self.assertEqual((latest.source, latest.version), ("network", latest_version))
            self.assertEqual(latest.refresh(), (False, latest_version))  # 304
            pinned = self.connect(version=first["version"], cache_dir=cache_dir)
            self.assertEqual(pinned.source, "network")
            offline = self.connect(version=first["version"], cache_dir=cache_dir, url=UNREACHABLE)
            self.assertEqual((offline.source, offline.content_hash), ("cache", first["contentHash"]))
            self.assertEqual(offline.refresh(), (False, first["version"]))  # pinned: never changes

            # An agent that last saw v1 as `latest` starts from its cache when the server is down, then catches up.
            team_dir = Path(cache_dir) / (ENV["TEAM"] or "") / (ENV["CATALOG"] or "")
            (team_dir / "latest.json").write_text((team_dir / ("%d.json" % first["version"])).read_text())
            stale = self.connect(cache_dir=cache_dir, url=UNREACHABLE)
            self.assertEqual((stale.source, stale.version), ("cache", first["version"]))
            stale._target = ApiTarget(ENV["URL"] or "", ENV["TOKEN"] or "", ENV["TEAM"] or "", ENV["CATALOG"] or "")
            self.assertEqual(stale.refresh(), (True, latest_version))
            self.assertEqual(stale.refresh(), (False, latest_version))
            revalidated = self.connect(cache_dir=cache_dir)
            self.assertEqual((revalidated.source, revalidated.version), ("network", latest_version))

    def test_a_refusal_is_not_hidden_by_the_cache(self) -> None:
        with tempfile.TemporaryDirectory() as cache_dir:
            self.connect(cache_dir=cache_dir)
            with self.assertRaises(StockroomApiError) as caught:
                self.connect(cache_dir=cache_dir, token="srk_" + "x" * 40)
            self.assertEqual((caught.exception.status, caught.exception.code), (401, "UNAUTHORIZED"))
            with self.assertRaises(StockroomApiError) as caught:
                self.connect(version=999)
            self.assertEqual(caught.exception.status, 404)


if __name__ == "__main__":
    unittest.main()
