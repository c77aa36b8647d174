"""The Chat Completions deferred loop replayed on the TypeScript SDK's conversation (sdk/python-vectors.test.ts)."""

import unittest

from tests.support import read_vectors
from stockroom import ChatToolSession
from stockroom.codex_bm25 import CodexIndex
from stockroom.jcs import canonicalize


class ChatCompletionsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.content = read_vectors("first-request.json")["content"]
        self.vectors = read_vectors("chat-completions.json")
        engine = self.content["engine"]
        docs = [(t["id"], t["searchText"]) for t in self.content["tools"] if t["exposure"] == "deferred"]
        self.index = CodexIndex(docs, engine["k1"], engine["b"], engine["defaultLimit"])

    def session(self) -> ChatToolSession:
        return ChatToolSession(lambda: self.content, self.index.search, self.vectors["maxLoaded"])

    def test_every_step_answers_and_loads_as_typescript(self) -> None:
        session = self.session()
        self.assertEqual(canonicalize(session.tools()), canonicalize(self.vectors["turnOne"]))
        self.assertGreaterEqual(len(self.vectors["steps"]), 5)
        for step in self.vectors["steps"]:
            with self.subTest(arguments=step["call"]["function"]["arguments"]):
                self.assertTrue(session.is_tool_search_call(step["call"]))
                answer = session.answer_tool_call(step["call"])
                self.assertEqual(answer["message"], step["message"])  # the content string byte for byte
                self.assertEqual((answer["loaded"], answer["dropped"]), (step["loaded"], step["dropped"]))
                self.assertEqual(canonicalize(session.tools()), canonicalize(step["tools"]))
        self.assertLessEqual(len(session.loaded_ids()), self.vectors["maxLoaded"])

    def test_maps_names_back_and_refuses_a_bad_bound(self) -> None:
        session = self.session()
        self.assertEqual(session.tool_id_for("ops__lookup"), "ops.lookup")
        self.assertIsNone(session.tool_id_for("no_such_tool"))
        with self.assertRaisesRegex(ValueError, "max_loaded"):
            ChatToolSession(lambda: self.content, self.index.search, 0)


if __name__ == "__main__":
    unittest.main()
