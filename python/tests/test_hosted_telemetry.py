"""Telemetry against the real server (app/api/v1/python-sdk.test.ts): every answered search, observed calls and
outcomes reach ``POST …/events``; the vitest side then reads the stored rows back from the database."""

import json
import unittest
from pathlib import Path

from stockroom import connect
from tests.test_hosted import ENV, HAS_SERVER

#: Events the script below records per version: 4 searches, 2 calls, 2 outcomes.
EVENTS_PER_VERSION = 8


@unittest.skipUnless(HAS_SERVER, "needs a server: run through npm test (app/api/v1/python-sdk.test.ts)")
class HostedTelemetryTest(unittest.TestCase):
    def test_searches_calls_and_outcomes_are_stored(self) -> None:
        expected = json.loads(Path(ENV["EXPECTED"] or "").read_text(encoding="utf-8"))
        for published in expected["versions"]:
            profile = published["profile"]
            with self.subTest(profile=profile):
                catalog = connect(
                    url=ENV["URL"],
                    token=ENV["TOKEN"],
                    team=ENV["TEAM"],
                    catalog=ENV["CATALOG"],
                    version=published["version"],
                    telemetry={"flush_interval": 3600},
                )
                catalog.set_conversation_id("py-telemetry-" + profile)
                query = published["queries"][0]["query"]
                top = catalog.search(query)[0]["id"]
                catalog.answer_tool_search_call({"call_id": "c1", "arguments": json.dumps({"query": query})})
                catalog.answer_tool_search_call({"call_id": "c2", "arguments": {"paths": ["stripe"]}})  # no search
                block = {"type": "tool_use", "id": "t1", "name": "tool_search", "input": {"query": query}}
                catalog.answer_tool_use(block)
                session = catalog.chat_session()
                search = {"name": "tool_search", "arguments": json.dumps({"query": query, "limit": 3})}
                session.answer_tool_call({"id": "c3", "type": "function", "function": search})
                tool = catalog.tool(top)
                assert tool is not None
                items = [
                    {
                        "type": "function_call",
                        "call_id": "call_py",
                        "name": tool["spec"]["name"],
                        "namespace": tool["namespace"],
                        "arguments": "{}",
                    },
                    {"type": "tool_use", "id": "toolu_py", "name": catalog._listed_names[top], "input": {}},
                    {"type": "function_call", "call_id": "call_none", "name": "no_such_tool", "arguments": "{}"},
                ]
                self.assertEqual(catalog.observe(items), 2)
                catalog.record_outcome("call_py", True)
                catalog.record_outcome("toolu_py", False, "card declined")
                self.assertEqual(catalog.telemetry_stats()["queued"], EVENTS_PER_VERSION)
                catalog.close()
                stats = catalog.telemetry_stats()
                self.assertEqual(
                    stats, {"queued": 0, "sent": EVENTS_PER_VERSION, "dropped": 0, "rejected": 0, "failed_attempts": 0}
                )

    def test_telemetry_false_sends_nothing(self) -> None:
        catalog = connect(url=ENV["URL"], token=ENV["TOKEN"], team=ENV["TEAM"], catalog=ENV["CATALOG"], telemetry=False)
        catalog.search("refund")
        self.assertIsNone(catalog.telemetry_stats())
        self.assertEqual(catalog.observe([{"type": "tool_use", "id": "x", "name": "y"}]), 0)
        catalog.close()
        with self.assertRaisesRegex(ValueError, "unknown telemetry options: max"):
            connect(url=ENV["URL"], token=ENV["TOKEN"], team=ENV["TEAM"], catalog=ENV["CATALOG"], telemetry={"max": 1})


if __name__ == "__main__":
    unittest.main()
