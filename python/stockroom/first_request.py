"""The turn-one ``tools`` array per provider format: a port of domain/providers/first-request.ts, same JSON (shared vectors)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

__all__ = [
    "ANTHROPIC_SEARCH_TOOL_NAME",
    "ANTHROPIC_TOOL_SEARCH_TOOL",
    "PROVIDERS",
    "TOOL_SEARCH_MODES",
    "first_request_tools",
    "flat_tool_names",
    "provider_tool",
]

PROVIDERS = ("openai", "anthropic", "mcp")
#: Who runs tool search: the provider (``server``) or the agent with this SDK (``client``).
TOOL_SEARCH_MODES = ("server", "client")
ANTHROPIC_TOOL_SEARCH_TOOL = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
ANTHROPIC_SEARCH_TOOL_NAME = "tool_search"
# The texts of domain/providers/openai-tool-search.ts and domain/providers/anthropic-tool-search.ts (the shared vectors check them).
OPENAI_TOOL_SEARCH_DESCRIPTION = (
    "Search the deferred tools (the namespaces listed above) by what you need to do, and load the best matches so "
    "you can call them. Search again with other words when none fits."
)
ANTHROPIC_SEARCH_TOOL_DESCRIPTION = (
    "Search the deferred tools of this agent by what you need to do. Returns the best matching tools, which you can "
    "call right after. Search again with other words when none fits."
)

Tool = Dict[str, Any]


def flat_tool_names(tools: Sequence[Tool]) -> Dict[str, str]:
    """Flat names for tools listed side by side: a shared name becomes ``namespace__name`` (tools with a namespace)."""
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
        out["strict"] = spec["strict"]
        return out
    out = {"name": name}
    title = (tool.get("mcp") or {}).get("title")
    if title:
        out["title"] = title
    out.update(description=spec["description"], inputSchema=spec["parameters"])
    return out


def namespace_description_in(content: Dict[str, Any], name: str) -> str:
    """A namespace's own description, or one generated from its deferred tools' names (as the TypeScript SDK's
    namespaceDescriptionIn): a deferred namespace never goes out empty, the model reads nothing else about it."""
    own = next((ns["description"] for ns in content["namespaces"] if ns["name"] == name), "")
    if own.strip():
        return own
    members = [tool for tool in content["tools"] if tool.get("namespace") == name]
    deferred = [tool for tool in members if tool["exposure"] == "deferred"]
    names = [tool["spec"]["name"] for tool in (deferred or members)]
    more = ", and %d more" % (len(names) - 6) if len(names) > 6 else ""
    return "Tools in %s: %s%s." % (name, ", ".join(names[:6]), more)


def _namespaces_of(content: Dict[str, Any], tools: Sequence[Tool]) -> List[Dict[str, str]]:
    used = {tool["namespace"] for tool in tools if tool.get("namespace")}
    known = [ns["name"] for ns in content["namespaces"] if ns["name"] in used]
    known_names = set(known)
    missing = sorted(
        (name for name in used if name not in known_names), key=lambda n: n.encode("utf-16-be", "surrogatepass")
    )
    return [{"name": name, "description": namespace_description_in(content, name)} for name in known + missing]


def search_parameters(default_limit: int) -> Dict[str, Any]:
    """``{query, limit}``: the client search tool's arguments (OpenAI query form, Anthropic custom tool)."""
    return {
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": 'What the tool should do, in a few words (e.g. "refund a payment").',
            },
            "limit": {
                "type": "integer",
                "minimum": 1,
                "description": "How many tools to load (default %d)." % default_limit,
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    }


def _search_entry(content: Dict[str, Any], provider: str, mode: str, arguments: str) -> Dict[str, Any]:
    default_limit = content["engine"]["defaultLimit"]
    if provider == "openai":
        if mode == "server":
            return {"type": "tool_search"}
        if arguments == "paths":
            return {"type": "tool_search", "execution": "client"}
        entry = {"type": "tool_search", "execution": "client", "description": OPENAI_TOOL_SEARCH_DESCRIPTION}
        entry["parameters"] = search_parameters(default_limit)
        return entry
    if mode == "client":
        description = ANTHROPIC_SEARCH_TOOL_DESCRIPTION
        return {
            "name": ANTHROPIC_SEARCH_TOOL_NAME,
            "description": description,
            "input_schema": search_parameters(default_limit),
        }
    return dict(ANTHROPIC_TOOL_SEARCH_TOOL)


def first_request_tools(
    content: Dict[str, Any],
    provider: str,
    supports_tool_search: bool = True,
    tool_search: str = "server",
    tool_search_arguments: str = "query",
) -> List[Dict[str, Any]]:
    """The exact turn-one ``tools`` for ``openai`` (Responses), ``anthropic`` (Messages) or ``mcp`` (tools/list).
    ``tool_search="client"``: the agent answers searches with this SDK (OpenAI: a described client ``tool_search``,
    or the built-in ``paths`` loader with ``tool_search_arguments="paths"``; Anthropic: a custom search tool)."""
    if provider not in PROVIDERS:
        raise ValueError("provider must be one of %s, got %r" % (", ".join(PROVIDERS), provider))
    if tool_search not in TOOL_SEARCH_MODES:
        raise ValueError("tool_search must be 'server' or 'client', got %r" % (tool_search,))
    if tool_search_arguments not in ("query", "paths"):
        raise ValueError("tool_search_arguments must be 'query' or 'paths', got %r" % (tool_search_arguments,))
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
            members = [
                provider_tool(t, "openai", deferred=True) for t in deferred if t.get("namespace") == namespace["name"]
            ]
            tools.append(
                {
                    "type": "namespace",
                    "name": namespace["name"],
                    "description": namespace["description"],
                    "tools": members,
                }
            )
        tools.extend(provider_tool(tool, "openai", names[tool["id"]], deferred=True) for tool in loose)
    else:
        names = flat_tool_names(direct + deferred)
        tools.extend(
            provider_tool(t, "anthropic", names[t["id"]], deferred=t["exposure"] == "deferred")
            for t in direct + deferred
        )
        if tool_search == "client" and ANTHROPIC_SEARCH_TOOL_NAME in names.values():
            raise ValueError(
                'A catalog tool is named "%s" like the client search tool: rename it, or use tool_search="server".'
                % ANTHROPIC_SEARCH_TOOL_NAME
            )
    tools.append(_search_entry(content, provider, tool_search, tool_search_arguments))
    return tools
