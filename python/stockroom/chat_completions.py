"""Deferred loading for any model with plain function calling (Chat Completions): a port of domain/providers/chat-completions.ts.

Turn one sends the direct tools and one ordinary ``tool_search`` function; its answer gives the model the found
tools' names and descriptions, and the session adds their full schemas to the ``tools`` of the next request.
Each conversation keeps its own loaded set, bounded: past ``max_loaded`` the least recently found are dropped,
and the answer says which."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from ._text import js_trim
from .first_request import flat_tool_names

__all__ = ["CHAT_TOOL_SEARCH_NAME", "DEFAULT_MAX_LOADED", "ChatToolSession", "chat_tool_search_tool"]

CHAT_TOOL_SEARCH_NAME = "tool_search"
DEFAULT_MAX_LOADED = 32

Content = Dict[str, Any]


def chat_tool(tool: Mapping[str, Any], name: str) -> Dict[str, Any]:
    spec = tool["spec"]
    function: Dict[str, Any] = {"name": name, "description": spec["description"], "parameters": spec["parameters"]}
    if spec.get("strict"):
        function["strict"] = True
    return {"type": "function", "function": function}


def _chat_names(content: Content) -> Dict[str, str]:
    tools = content["tools"]
    listed = [t for t in tools if t["exposure"] == "direct"] + [t for t in tools if t["exposure"] == "deferred"]
    names = flat_tool_names(listed)
    for tool in listed:
        if names[tool["id"]] == CHAT_TOOL_SEARCH_NAME:
            names[tool["id"]] = "%s__%s" % (tool.get("namespace") or "catalog", tool["spec"]["name"])
    return names


def chat_tool_search_tool(content: Content) -> Dict[str, Any]:
    """The plain ``tool_search`` function; what can be found (namespaces, loose deferred tools) is its description."""
    deferred = [t for t in content["tools"] if t["exposure"] == "deferred"]
    used = {t["namespace"] for t in deferred if t.get("namespace")}
    groups = ["%s: %s" % (ns["name"], ns["description"]) for ns in content["namespaces"] if ns["name"] in used]
    loose = ["%s: %s" % (t["spec"]["name"], t["spec"]["description"]) for t in deferred if not t.get("namespace")]
    lines = [
        "Search for more tools by what they should do. "
        "The tools found are added to your tools on your next turn; call them then."
    ]
    if groups:
        lines += ["Tool groups you can search:"] + ["- " + line for line in groups]
    if loose:
        lines += ["Other tools you can search:"] + ["- " + line for line in loose]
    limit_note = "How many tools to load (default %d)." % content["engine"]["defaultLimit"]
    parameters = {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What the tool should do, in a few words."},
            "limit": {"type": "integer", "minimum": 1, "description": limit_note},
        },
        "required": ["query"],
        "additionalProperties": False,
    }
    return {
        "type": "function",
        "function": {"name": CHAT_TOOL_SEARCH_NAME, "description": "\n".join(lines), "parameters": parameters},
    }


def _arguments(text: Any) -> Tuple[str, Optional[int]]:
    args = text
    if isinstance(text, str):
        try:
            args = json.loads(text)
        except ValueError:
            args = {"query": text}
    record = args if isinstance(args, dict) else {}
    query = record.get("query") if isinstance(record.get("query"), str) else ""
    limit = record.get("limit")
    valid = isinstance(limit, int) and not isinstance(limit, bool) and limit >= 1
    return query, limit if valid else None


class ChatToolSession:
    """One conversation's deferred loading; ``content`` and ``search`` read the catalog's current snapshot."""

    def __init__(
        self,
        content: Callable[[], Content],
        search: Callable[[str, Optional[int]], List[Dict[str, Any]]],
        max_loaded: int = DEFAULT_MAX_LOADED,
    ) -> None:
        if not isinstance(max_loaded, int) or isinstance(max_loaded, bool) or max_loaded < 1:
            raise ValueError("max_loaded must be a positive integer, got %r" % (max_loaded,))
        self._content = content
        self._search = search
        self.max_loaded = max_loaded
        self._loaded: List[str] = []  # least recently found first

    def tools(self) -> List[Dict[str, Any]]:
        """The ``tools`` for the next request: direct tools, ``tool_search``, then the loaded schemas (oldest first)."""
        content = self._content()
        names = _chat_names(content)
        by_id = {t["id"]: t for t in content["tools"]}
        loaded = [by_id[i] for i in self._loaded if i in by_id and by_id[i]["exposure"] == "deferred"]
        direct = [t for t in content["tools"] if t["exposure"] == "direct"]
        return (
            [chat_tool(t, names[t["id"]]) for t in direct]
            + [chat_tool_search_tool(content)]
            + [chat_tool(t, names[t["id"]]) for t in loaded]
        )

    def loaded_ids(self) -> List[str]:
        return list(self._loaded)

    @staticmethod
    def is_tool_search_call(call: Mapping[str, Any]) -> bool:
        return (call.get("function") or {}).get("name") == CHAT_TOOL_SEARCH_NAME

    def tool_id_for(self, name: str) -> Optional[str]:
        """The tool id a model's call names (direct or loaded), to dispatch it; None for unknown names."""
        for tool_id, flat in _chat_names(self._content()).items():
            if flat == name:
                return tool_id
        return None

    def answer_tool_call(self, call: Mapping[str, Any]) -> Dict[str, Any]:
        """``{"message", "loaded", "dropped"}`` for a ``tool_search`` call; never refuses what the model sent."""
        query, limit = _arguments((call.get("function") or {}).get("arguments"))
        content = self._content()
        hits: List[str] = []
        if js_trim(query):
            # Asking for more than max_loaded changes nothing (the top max_loaded of a ranking are its first ones);
            # it also keeps hosted search within its bound.
            bounded = None if limit is None else min(limit, self.max_loaded)
            hits = [str(hit["id"]) for hit in self._search(query, bounded)][: self.max_loaded]
        for tool_id in hits:
            if tool_id in self._loaded:
                self._loaded.remove(tool_id)
            self._loaded.append(tool_id)
        overflow = max(0, len(self._loaded) - self.max_loaded)
        dropped, self._loaded = self._loaded[:overflow], self._loaded[overflow:]
        names = _chat_names(content)
        by_id = {t["id"]: t for t in content["tools"]}
        body: Dict[str, Any] = {
            "tools": [{"name": names[i], "description": by_id[i]["spec"]["description"]} for i in hits]
        }
        if dropped:
            body["dropped"] = [names[i] for i in dropped]
        body["note"] = (
            "These tools are now in your tools list: call them directly."
            if hits
            else "No tools matched: search again with other words."
        )
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        message = {"role": "tool", "tool_call_id": call.get("id"), "content": text}
        return {"message": message, "loaded": hits, "dropped": dropped}
