"""Stand-in for ``openai.OpenAI().responses.create`` (see tests/stand_ins/README.md)."""

from _record import Item, record


class _Responses:
    def create(self, **arguments):
        record("openai", arguments)
        if isinstance(arguments.get("input"), list):
            return Item(id="resp_2", output=[Item(type="message", content=[])], output_text="done")
        call = Item(type="tool_search_call", id="ts_1", call_id="search-1", execution="client", status="completed",
                    arguments={"query": "refund the most recent payment", "limit": 3})
        return Item(id="resp_1", output=[call], output_text="")


class OpenAI:
    def __init__(self, **_):
        self.responses = _Responses()
