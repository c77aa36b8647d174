"""What ``parse_tool_search_call`` answers for every ``call_id`` the official ``openai`` types allow."""

import unittest

from tests.support import read_vectors  # noqa: F401  (puts the package on sys.path)
from stockroom.tool_search import build_tool_search_output, parse_tool_search_call


class ToolSearchCallTest(unittest.TestCase):
    def test_call_id_null_or_absent_is_answered_with_null(self) -> None:
        for call in ({"call_id": None, "arguments": {"query": "send"}}, {"arguments": {"query": "send"}}):
            with self.subTest(call=call):
                call_id, query, limit, paths = parse_tool_search_call(call)
                self.assertEqual((call_id, query, limit, paths), (None, "send", None, None))
                content = {"namespaces": [], "tools": []}
                self.assertIsNone(build_tool_search_output(content, call_id, [])["call_id"])

    def test_string_call_ids_are_echoed_and_other_types_refused(self) -> None:
        self.assertEqual(parse_tool_search_call({"call_id": "c1", "arguments": "{}"})[0], "c1")
        self.assertEqual(parse_tool_search_call({"call_id": "", "arguments": "{}"})[0], "")
        with self.assertRaisesRegex(TypeError, "call_id must be a string or null, got int"):
            parse_tool_search_call({"call_id": 7, "arguments": "{}"})


if __name__ == "__main__":
    unittest.main()
