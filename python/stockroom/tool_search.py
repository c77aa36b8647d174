"""Answers for a model's tool search: OpenAI's ``tool_search_output`` (query and paths forms) and Anthropic's
``tool_result`` with ``tool_reference`` blocks. Ports of sdk/tool-search-output.ts, tool-search-paths.ts and
anthropic-tool-search.ts."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .first_request import provider_tool

__all__ = ["build_tool_search_output", "parse_tool_search_call", "resolve_tool_search_paths", "tool_reference_result"]

Tool = Dict[str, Any]


def resolve_tool_search_paths(content: Dict[str, Any], paths: Sequence[str]) -> Tuple[List[str], List[str]]:
    """(tool ids, unknown paths): a namespace loads its deferred tools in snapshot order, ``ns.tool`` one tool."""
    deferred = [tool for tool in content["tools"] if tool["exposure"] == "deferred"]
    ids = {tool["id"] for tool in deferred}
    found: List[str] = []
    unknown: List[str] = []
    for path in paths:
        members = [tool["id"] for tool in deferred if tool.get("namespace") == path]
        if members:
            found.extend(tool_id for tool_id in members if tool_id not in found)
        elif path in ids:
            if path not in found:
                found.append(path)
        else:
            unknown.append(path)
    return found, unknown


def build_tool_search_output(
    content: Dict[str, Any], call_id: str, tools: Sequence[Tool], top_level_names: Optional[Mapping[str, str]] = None
) -> Dict[str, Any]:
    """The ``tool_search_output`` item: hits of one namespace merged into one entry, in order of their best hit."""
    descriptions = {ns["name"]: ns["description"] for ns in content["namespaces"]}
    names = top_level_names or {}
    groups: Dict[Optional[str], List[Tool]] = {}
    for tool in tools:
        groups.setdefault(tool.get("namespace") or None, []).append(tool)
    entries: List[Dict[str, Any]] = []
    for namespace, members in groups.items():
        if namespace is None:
            entries.extend(provider_tool(t, "openai", names.get(t["id"], t["spec"]["name"]), deferred=True) for t in members)
        else:
            entries.append(
                {
                    "type": "namespace",
                    "name": namespace,
                    "description": descriptions.get(namespace, ""),
                    "tools": [provider_tool(t, "openai", deferred=True) for t in members],
                }
            )
    return {"type": "tool_search_output", "call_id": call_id, "status": "completed", "execution": "client", "tools": entries}


def parse_tool_search_call(call: Mapping[str, Any]) -> Tuple[str, str, Optional[int], Optional[List[str]]]:
    """(call_id, query, limit, paths) of a ``tool_search_call``; ``arguments`` may be an object or a JSON string."""
    call_id = call.get("call_id")
    if not isinstance(call_id, str) or not call_id:
        raise TypeError("tool_search_call has no call_id")
    args: Any = call.get("arguments")
    if args is None:  # some clients flatten the arguments onto the call item itself
        args = {key: call.get(key) for key in ("query", "limit", "paths")}
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            args = {"query": args}
    record = args if isinstance(args, dict) else {}
    query = record.get("query") if isinstance(record.get("query"), str) else ""
    limit = record.get("limit")
    limit = limit if isinstance(limit, int) and not isinstance(limit, bool) else None
    paths = record.get("paths")
    paths = [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else None
    return call_id, query, limit, paths


def tool_reference_result(tool_use_id: str, tool_names: Sequence[str]) -> Dict[str, Any]:
    """The ``tool_result`` answering a search ``tool_use``; names as turn one listed them."""
    content = [{"type": "tool_reference", "tool_name": name} for name in tool_names]
    return {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
