"""What a connected catalog reports (sdk/telemetry-session.ts): its searches, the calls the model made after them
(read from the model's output items) and how those calls ended; each call is linked to the latest search that
returned its tool."""

from __future__ import annotations

import datetime
from collections import OrderedDict
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from .telemetry import TelemetryReporter, new_event_id

__all__ = ["CatalogTelemetry", "calls_in", "tool_resolver_for"]

#: Searches remembered per conversation to link calls (calls follow searches closely), and conversations kept.
RECENT_SEARCHES = 20
MAX_CONVERSATIONS = 1000
#: The events API's bounds on one search event.
MAX_HITS = 200
MAX_LIMIT = 1000

ToolResolver = Callable[[str, Optional[str]], Optional[str]]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _text(value: Any) -> Optional[str]:
    return value if isinstance(value, str) and value else None


def _field(item: Any, name: str) -> Any:
    """Dicts, and the objects the official ``openai`` / ``anthropic`` clients return (attributes)."""
    return item.get(name) if isinstance(item, Mapping) else getattr(item, name, None)


def calls_in(items: Any) -> List[Tuple[str, str, Optional[str]]]:
    """(call id, name, namespace) of OpenAI Responses ``function_call`` items and Anthropic ``tool_use`` blocks, from a
    list of them or the response holding them (``output`` / ``content``)."""
    listed = items if isinstance(items, (list, tuple)) else (_field(items, "output") or _field(items, "content"))
    if not isinstance(listed, (list, tuple)):
        return []
    calls = []
    for item in listed:
        kind, name = _field(item, "type"), _text(_field(item, "name"))
        if kind == "function_call" and name and _text(_field(item, "call_id")):
            calls.append((str(_field(item, "call_id")), name, _text(_field(item, "namespace"))))
        elif kind == "tool_use" and name and _text(_field(item, "id")):
            calls.append((str(_field(item, "id")), name, None))
    return calls


def tool_resolver_for(snapshot: Mapping[str, Any], top_level_names: Mapping[str, str]) -> ToolResolver:
    """Deferred tools by the names a model calls them: namespace + name, the flat turn-one name, ``namespace__name``,
    or a name only one deferred tool has. Direct tools resolve to None (nothing to learn from them)."""
    deferred = [tool for tool in snapshot["tools"] if tool["exposure"] == "deferred"]
    by_name: Dict[str, Optional[str]] = {}
    for tool in deferred:
        name = tool["spec"]["name"]
        by_name[name] = None if name in by_name else tool["id"]
    for tool in deferred:
        by_name[tool["id"]] = tool["id"]
        if tool.get("namespace"):
            by_name["%s__%s" % (tool["namespace"], tool["spec"]["name"])] = tool["id"]
        flat = top_level_names.get(tool["id"])
        if flat:
            by_name[flat] = tool["id"]

    def resolve(name: str, namespace: Optional[str]) -> Optional[str]:
        found = by_name.get("%s.%s" % (namespace, name)) if namespace else None
        return found or by_name.get(name)

    return resolve


class CatalogTelemetry:
    def __init__(self, reporter: TelemetryReporter, conversation_id: Optional[str] = None) -> None:
        self.reporter = reporter
        self.conversation_id = conversation_id or new_event_id()
        self._recent: "OrderedDict[str, List[Tuple[str, frozenset]]]" = OrderedDict()

    def record_search(
        self,
        query: str,
        limit: Optional[int],
        hits: Sequence[Mapping[str, Any]],
        version: int,
        profile: str,
        latency_ms: float,
    ) -> str:
        """Records one answered search; returns its event id."""
        event_id = new_event_id()
        listed = []
        # Within what the server accepts (domain/agent-events.ts): one event out of bounds would refuse its batch.
        for hit in hits[:MAX_HITS]:
            entry = {"id": str(hit["id"]), "rank": int(hit["rank"]), "score": float(hit["score"])}
            if hit.get("strength") in ("strong", "weak"):
                entry["strength"] = hit["strength"]
            listed.append(entry)
        event: Dict[str, Any] = {"type": "search", "id": event_id, "at": _now(), "conversationId": self.conversation_id}
        event.update(query=query[:4000], hits=listed, snapshotVersion=version, profile=profile)
        if isinstance(limit, int) and limit >= 1:
            event["limit"] = min(limit, MAX_LIMIT)
        event["latencyMs"] = max(0.0, latency_ms)
        self.reporter.record(event)
        recent = self._recent.pop(self.conversation_id, [])
        recent.insert(0, (event_id, frozenset(entry["id"] for entry in listed)))
        self._recent[self.conversation_id] = recent[:RECENT_SEARCHES]
        if len(self._recent) > MAX_CONVERSATIONS:
            self._recent.popitem(last=False)
        return event_id

    def observe(self, items: Any, resolve: ToolResolver, version: int) -> int:
        """Records the calls among the model's output items; returns how many. Never raises for what it is given."""
        recorded = 0
        for call_id, name, namespace in calls_in(items):
            tool_id = resolve(name, namespace)
            if not tool_id:
                continue
            recent = self._recent.get(self.conversation_id, [])
            search = next((s for s in recent if tool_id in s[1]), recent[0] if recent else None)
            event = {"type": "call", "id": new_event_id(), "at": _now(), "conversationId": self.conversation_id}
            event.update(snapshotVersion=version, callId=call_id[:200], toolId=tool_id)
            if search:
                event["searchEventId"] = search[0]
            self.reporter.record(event)
            recorded += 1
        return recorded

    def record_outcome(self, call_id: str, ok: bool, error: Optional[str] = None) -> None:
        if not isinstance(call_id, str) or not call_id:
            return
        event: Dict[str, Any] = {"type": "outcome", "id": new_event_id(), "at": _now()}
        event.update(conversationId=self.conversation_id, callId=call_id[:200], ok=ok is True)
        if error is not None:
            event["error"] = str(error)[:2000]
        self.reporter.record(event)
