"""The turn-one ``tools`` array per provider format: a port of sdk/first-request.ts, same JSON (tested on shared vectors)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

__all__ = ["ANTHROPIC_TOOL_SEARCH_TOOL", "PROVIDERS", "first_request_tools", "flat_tool_names", "provider_tool"]

PROVIDERS = ("openai", "anthropic", "mcp")
ANTHROPIC_TOOL_SEARCH_TOOL = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}

Tool = Dict[str, Any]


def flat_tool_names(tools: Sequence[Tool]) -> Dict[str, str]:
    """Flat names for tools listed side by side: a shared name becomes ``namespace__name`` for tools with a namespace."""
    counts: Dict[str, int] = {}
    for tool in tools:
        counts[tool["spec"]["name"]] = counts.get(tool["spec"]["name"], 0) + 1
    names = {}
    for tool in tools:
        name = tool["spec"]["name"]
        names[tool["id"]] = "%s__%s" % (tool["namespace"], name) if counts[name] > 1 and tool.get("namespace") else name
    return names


def provider_tool(tool: Tool, provider: str, name: Optional[str] = None, deferred: bool = False) -> Dict[str, Any]:
    """One tool in a provider's format; ``deferred`` adds ``defer_loading: true`` where the format has it."""
    spec = tool["spec"]
    name = name or spec["name"]
    if provider == "openai":
        out: Dict[str, Any] = {"type": "function", "name": name, "description": spec["description"]}
        if deferred:
            out["defer_loading"] = True
        out.update(parameters=spec["parameters"], strict=spec["strict"])
        return out
    if provider == "anthropic":
        out = {"name": name, "description": spec["description"], "input_schema": spec["parameters"]}
        if deferred:
            out["defer_loading"] = True
        return out
    out = {"name": name}
    title = (tool.get("mcp") or {}).get("title")
    if title:
        out["title"] = title
    out.update(description=spec["description"], inputSchema=spec["parameters"])
    return out


def _namespaces_of(content: Dict[str, Any], tools: Sequence[Tool]) -> List[Dict[str, str]]:
    used = {tool["namespace"] for tool in tools if tool.get("namespace")}
    known = [ns for ns in content["namespaces"] if ns["name"] in used]
    known_names = {ns["name"] for ns in known}
    missing = sorted((name for name in used if name not in known_names), key=lambda n: n.encode("utf-16-be", "surrogatepass"))
    return known + [{"name": name, "description": ""} for name in missing]


def _search_entry(provider: str, execution: str) -> Dict[str, Any]:
    if provider == "openai":
        return {"type": "tool_search", "execution": "client"} if execution == "client" else {"type": "tool_search"}
    return dict(ANTHROPIC_TOOL_SEARCH_TOOL)


def first_request_tools(
    content: Dict[str, Any], provider: str, supports_tool_search: bool, tool_search_execution: str = "hosted"
) -> List[Dict[str, Any]]:
    """The exact turn-one ``tools`` for ``openai`` (Responses), ``anthropic`` (Messages) or ``mcp`` (tools/list)."""
    if provider not in PROVIDERS:
        raise ValueError("provider must be one of %s, got %r" % (", ".join(PROVIDERS), provider))
    if tool_search_execution not in ("hosted", "client"):
        raise ValueError("tool_search_execution must be 'hosted' or 'client'")
    direct = [tool for tool in content["tools"] if tool["exposure"] == "direct"]
    deferred = [tool for tool in content["tools"] if tool["exposure"] == "deferred"]
    if not (supports_tool_search and provider != "mcp" and deferred):
        listed = direct + [tool for tool in deferred if tool.get("fallback") != "hidden"]
        names = flat_tool_names(listed)
        return [provider_tool(tool, provider, names[tool["id"]]) for tool in listed]
    tools: List[Dict[str, Any]] = []
    if provider == "openai":
        loose = [tool for tool in deferred if not tool.get("namespace")]
        names = flat_tool_names(direct + loose)
        tools.extend(provider_tool(tool, "openai", names[tool["id"]]) for tool in direct)
        for namespace in _namespaces_of(content, deferred):
            members = [provider_tool(t, "openai", deferred=True) for t in deferred if t.get("namespace") == namespace["name"]]
            tools.append({"type": "namespace", "name": namespace["name"], "description": namespace["description"], "tools": members})
        tools.extend(provider_tool(tool, "openai", names[tool["id"]], deferred=True) for tool in loose)
    else:
        names = flat_tool_names(direct + deferred)
        tools.extend(provider_tool(t, "anthropic", names[t["id"]], deferred=t["exposure"] == "deferred") for t in direct + deferred)
    tools.append(_search_entry(provider, tool_search_execution))
    return tools
