import unittest

from tests.support import read_vectors
from stockroom import build_tool_search_output, first_request_tools, flat_tool_names, resolve_tool_search_paths
from stockroom import tool_reference_result
from stockroom.jcs import canonicalize


class FirstRequestTest(unittest.TestCase):
    """Byte for byte after canonicalisation: the JSON the TypeScript SDK produced (sdk/python-vectors.test.ts)."""

    def setUp(self) -> None:
        self.vectors = read_vectors("first-request.json")
        self.content = self.vectors["content"]

    def test_turn_one_tools_for_every_provider_and_profile(self) -> None:
        self.assertEqual(len(self.vectors["cases"]), 14)
        for case in self.vectors["cases"]:
            options = case["options"]
            with self.subTest(**options):
                tools = first_request_tools(
                    self.content,
                    options["provider"],
                    options["supportsToolSearch"],
                    options["toolSearch"],
                    options["toolSearchArguments"],
                )
                self.assertEqual(canonicalize(tools), canonicalize(case["tools"]))

    def test_paths_answers_for_openai_and_anthropic(self) -> None:
        tools = {tool["id"]: tool for tool in self.content["tools"]}
        top_level = flat_tool_names(
            [t for t in self.content["tools"] if t["exposure"] == "direct" or not t["namespace"]]
        )
        ordered = [t for t in self.content["tools"] if t["exposure"] == "direct"] + [
            t for t in self.content["tools"] if t["exposure"] == "deferred"
        ]
        listed = flat_tool_names(ordered)
        for case in self.vectors["paths"]:
            with self.subTest(paths=case["paths"]):
                ids, unknown = resolve_tool_search_paths(self.content, case["paths"])
                self.assertEqual((ids, unknown), (case["toolIds"], case["unknown"]))
                found = [tools[i] for i in ids]
                output = build_tool_search_output(self.content, "call_1", found, top_level)
                self.assertEqual(canonicalize(output), canonicalize(case["openai"]))
                reference = tool_reference_result("toolu_1", [listed[t["id"]] for t in found])
                self.assertEqual(canonicalize(reference), canonicalize(case["anthropic"]))

    def test_refuses_bad_options_and_a_clashing_tool_name(self) -> None:
        with self.assertRaisesRegex(ValueError, "provider must be one of"):
            first_request_tools(self.content, "gemini", True)
        with self.assertRaisesRegex(ValueError, "tool_search must be"):
            first_request_tools(self.content, "openai", True, "hosted")
        clash = dict(
            self.content,
            tools=self.content["tools"]
            + [
                dict(
                    self.content["tools"][0],
                    id="x.tool_search",
                    namespace="x",
                    name="tool_search",
                    spec=dict(self.content["tools"][0]["spec"], name="tool_search"),
                )
            ],
        )
        with self.assertRaisesRegex(ValueError, "rename it"):
            first_request_tools(clash, "anthropic", True, "client")


if __name__ == "__main__":
    unittest.main()
