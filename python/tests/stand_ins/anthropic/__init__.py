"""Stand-in for ``anthropic.Anthropic().messages.create`` (see tests/stand_ins/README.md)."""

from _record import Item, record


class _Messages:
    def create(self, **arguments):
        record("anthropic", arguments)
        if len(arguments["messages"]) > 1:
            return Item(content=[Item(type="text", text="done")])
        return Item(content=[Item(type="tool_use", id="toolu_1", name="tool_search", input={"query": "refund a payment"})])


class Anthropic:
    def __init__(self, **_):
        self.messages = _Messages()
