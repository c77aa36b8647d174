"""Answers for a model's tool search: OpenAI's ``tool_search_output`` (query and paths forms) and Anthropic's
``tool_result`` with ``tool_reference`` blocks. Ports of domain/providers/tool-search-output.ts, tool-search-paths.ts and
anthropic-tool-search.ts."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .first_request import namespace_description_in, provider_tool

__all__ = [
    "build_tool_search_output",
    "parse_search_tool_use",
    "parse_tool_search_call",
    "resolve_tool_search_paths",
    "tool_reference_result",
]

Tool = Dict[str, Any]


def resolve_tool_search_paths(content: Dict[str, Any], paths: Sequence[str]) -> Tuple[List[str], List[str]]:
    """(tool ids, unknown paths), as domain/providers/tool-search-paths.ts: a namespace loads its deferred tools in snapshot
    order, a tool id one deferred tool; a direct tool or an empty namespace loads nothing and is not unknown."""
    by_namespace: Dict[str, List[str]] = {}
    tool_ids = set()
    deferred_ids = set()
    for tool in content["tools"]:
        tool_ids.add(tool["id"])
        if tool["exposure"] == "deferred":
            deferred_ids.add(tool["id"])
        if tool.get("namespace"):
            members = by_namespace.setdefault(tool["namespace"], [])
            if tool["exposure"] == "deferred":
                members.append(tool["id"])
    for namespace in content["namespaces"]:
        by_namespace.setdefault(namespace["name"], [])
    loaded: Dict[str, None] = {}  # insertion-ordered set
    unknown: Dict[str, None] = {}
    for path in paths:
        members = by_namespace.get(path)
        is_tool = path in tool_ids
        if members is None and not is_tool:
            unknown[path] = None
            continue
        for tool_id in members or []:
            loaded[tool_id] = None
        if is_tool and path in deferred_ids:
            loaded[path] = None
    return list(loaded), list(unknown)


def build_tool_search_output(
    content: Dict[str, Any], call_id: Optional[str], tools: Sequence[Tool], top_level_names: Optional[Mapping[str, str]] = None
) -> Dict[str, Any]:
    """The ``tool_search_output`` item: hits of one namespace merged into one entry, in order of their best hit."""
    names = top_level_names or {}
    groups: Dict[Optional[str], List[Tool]] = {}
    for tool in tools:
        groups.setdefault(tool.get("namespace") or None, []).append(tool)
    entries: List[Dict[str, Any]] = []
    for namespace, members in groups.items():
        if namespace is None:
            entries.extend(
                provider_tool(t, "openai", names.get(t["id"], t["spec"]["name"]), deferred=True) for t in members
            )
        else:
            entries.append(
                {
                    "type": "namespace",
                    "name": namespace,
                    "description": namespace_description_in(content, namespace),
                    "tools": [provider_tool(t, "openai", deferred=True) for t in members],
                }
            )
    return {
        "type": "tool_search_output",
        "call_id": call_id,
        "status": "completed",
        "execution": "client",
        "tools": entries,
    }


def parse_tool_search_call(call: Mapping[str, Any]) -> Tuple[Optional[str], str, Optional[int], Optional[List[str]]]:
    """(call_id, query, limit, paths) of a ``tool_search_call``; ``arguments`` may be an object or a JSON string.
    A ``call_id`` of None or none (the ``openai`` types allow both) is answered with ``"call_id": None``; one of any
    other type than str raises TypeError."""
    call_id = call.get("call_id")
    if call_id is not None and not isinstance(call_id, str):
        raise TypeError("tool_search_call's call_id must be a string or null, got %s" % type(call_id).__name__)
    args: Any = call.get("arguments")
    if args is None:  # some clients flatten the arguments onto the call item itself
        args = {"query": call.get("query"), "limit": call.get("limit")}
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            args = {"query": args}
    record = args if isinstance(args, dict) else {}
    query = record.get("query") if isinstance(record.get("query"), str) else ""
    limit = _whole(record.get("limit"))
    paths = record.get("paths")
    paths = [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else None
    return call_id, query, limit, paths


def _whole(value: Any) -> Optional[int]:
    """A JSON number that JavaScript's Number.isInteger accepts (2.0 parses to 2 there), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return int(value) if float(value).is_integer() else None


def parse_search_tool_use(block: Mapping[str, Any]) -> Tuple[str, str, Optional[int]]:
    """(tool_use_id, query, limit) of a ``tool_use`` of the custom search tool, as domain/providers/anthropic-tool-search.ts.
    Raises for a block of another tool (a routing mistake), never for what the model typed."""
    from .first_request import ANTHROPIC_SEARCH_TOOL_NAME

    if block.get("type", "tool_use") != "tool_use" or block.get("name") != ANTHROPIC_SEARCH_TOOL_NAME:
        raise TypeError("not a tool_use of %s" % ANTHROPIC_SEARCH_TOOL_NAME)
    tool_use_id = block.get("id")
    if not isinstance(tool_use_id, str) or not tool_use_id:
        raise TypeError("tool_use block has no id")
    raw = block.get("input")
    record = raw if isinstance(raw, dict) else {}
    query = record.get("query") if isinstance(record.get("query"), str) else (raw if isinstance(raw, str) else "")
    limit = _whole(record.get("limit"))
    return tool_use_id, query, limit if limit is not None and limit >= 1 else None


def no_match_result(tool_use_id: str, query: str) -> Dict[str, Any]:
    """What Claude gets when nothing matched: one text block (an empty tool_result says nothing)."""
    text = "No tool matched %s. Search again with other words." % json.dumps(query, ensure_ascii=False)
    return {"type": "tool_result", "tool_use_id": tool_use_id, "content": [{"type": "text", "text": text}]}


def tool_reference_result(tool_use_id: str, tool_names: Sequence[str]) -> Dict[str, Any]:
    """The ``tool_result`` answering a search ``tool_use``; names as turn one listed them."""
    content = [{"type": "tool_reference", "tool_name": name} for name in tool_names]
    return {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
