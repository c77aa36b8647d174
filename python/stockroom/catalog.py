"""A catalog's snapshot held by a Python agent: verified, refreshed with its ETag, cached on disk; ``tool_search``
answered exactly as the TypeScript SDK answers it, ranked locally with the snapshot's profile (``codex-bm25`` or
``stockroom``, with the catalog's vocabulary packs and own lines): no search goes to the server."""

from __future__ import annotations

import time
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

from .cache import write_cached_snapshot
from .chat_completions import DEFAULT_MAX_LOADED, ChatToolSession
from .first_request import first_request_tools, flat_tool_names
from .codex_bm25.engine import SearchQueryError
from .http import ApiTarget, fetch_snapshot
from .snapshot import Snapshot
from .catalog_telemetry import CatalogTelemetryMethods
from .telemetry_session import CatalogTelemetry, tool_resolver_for
from .tool_search import build_tool_search_output, no_match_result, parse_search_tool_use, parse_tool_search_call
from .tool_search import resolve_tool_search_paths, tool_reference_result

__all__ = ["Catalog"]

Version = Union[int, str]


class Catalog(CatalogTelemetryMethods):
    """Everything derived from one snapshot is replaced as a whole on refresh, so no answer mixes two versions."""

    def __init__(
        self,
        target: ApiTarget,
        version: Version,
        cache_dir: Optional[str],
        snapshot: Snapshot,
        source: str,
        telemetry: Optional[CatalogTelemetry] = None,
    ) -> None:
        self._target = target
        self.telemetry = telemetry
        self._pinned = version
        self._cache_dir = cache_dir
        #: ``network`` when the snapshot came from the server, ``cache`` when connect fell back to the disk cache.
        self.source = source
        self._use(snapshot)

    def _use(self, snapshot: Snapshot) -> None:
        tools = snapshot["tools"]
        self._snapshot = snapshot
        self._tools = {tool["id"]: tool for tool in tools}
        self._top_level_names = flat_tool_names(
            [t for t in tools if t["exposure"] == "direct" or not t.get("namespace")]
        )
        listed = [t for t in tools if t["exposure"] == "direct"] + [t for t in tools if t["exposure"] == "deferred"]
        self._listed_names = flat_tool_names(listed)
        self._local_index: Any = None
        self._resolve_call = tool_resolver_for(snapshot, self._top_level_names)

    @property
    def snapshot(self) -> Snapshot:
        return self._snapshot

    @property
    def version(self) -> int:
        return int(self._snapshot["version"])

    @property
    def content_hash(self) -> str:
        return str(self._snapshot["contentHash"])

    @property
    def profile(self) -> str:
        return str(self._snapshot["engine"]["profile"])

    def tool(self, tool_id: str) -> Optional[Dict[str, Any]]:
        """A tool by id (``namespace.name``)."""
        return self._tools.get(tool_id)

    def first_request_tools(
        self,
        provider: str,
        supports_tool_search: bool = True,
        tool_search: str = "server",
        tool_search_arguments: str = "query",
    ) -> List[Dict[str, Any]]:
        """The turn-one ``tools`` for ``openai``, ``anthropic`` or ``mcp`` (the TypeScript SDK's JSON); with
        ``tool_search="client"`` answer the searches with ``answer_tool_search_call`` / ``answer_tool_use``."""
        return first_request_tools(self._snapshot, provider, supports_tool_search, tool_search, tool_search_arguments)

    def _local(self) -> Any:
        """The snapshot's index for its profile (codex-bm25 or stockroom), built on first use."""
        if self._local_index is None:
            engine = self._snapshot["engine"]
            deferred = [t for t in self._snapshot["tools"] if t["exposure"] == "deferred"]
            drop_weak = bool(engine.get("dropWeakHits", False))
            if self.profile == "codex-bm25":
                from .codex_bm25 import CodexIndex

                docs = [(t["id"], t["searchText"]) for t in deferred]
                self._local_index = CodexIndex(docs, engine["k1"], engine["b"], engine["defaultLimit"], drop_weak)
            else:
                from .stockroom_profile import StockroomIndex

                stockroom_docs = [(t["id"], t["searchText"], t["name"], t.get("namespace")) for t in deferred]
                self._local_index = StockroomIndex(
                    stockroom_docs, engine["k1"], engine["b"], engine["defaultLimit"], drop_weak, engine.get("vocabulary")
                )
        return self._local_index

    def search(self, query: str, limit: Optional[int] = None) -> List[Dict[str, Any]]:
        """Deferred tools ranked by the snapshot's engine: ``[{id, score, rank, strength, evidence}]`` as the
        TypeScript SDK's hits (without ``tool``: ``catalog.tool(hit["id"])``). Raises SearchQueryError for an empty
        query or a limit that is not a positive integer."""
        started = time.perf_counter()
        hits = list(self._local().search(query, limit))
        self._record_search(query, limit, hits, started)
        return hits

    def _record_search(self, query: str, limit: Optional[int], hits: List[Any], started: float) -> None:
        """Telemetry hook of every answered search (search, both tool_search answers, chat sessions)."""
        if self.telemetry is not None:
            latency_ms = (time.perf_counter() - started) * 1000
            self.telemetry.record_search(query, limit, hits, self.version, self.profile, latency_ms)

    def _rank(self, query: str, limit: Any) -> List[Dict[str, Any]]:
        """The tools a model's search loads, as sdk/catalog.ts ``rank``: a bad limit uses the default, an empty
        query loads nothing; every answered search is reported."""
        valid = limit if isinstance(limit, int) and not isinstance(limit, bool) and limit >= 1 else None
        started = time.perf_counter()
        try:
            hits = list(self._local().search(query, valid))
        except SearchQueryError:
            hits = []
        self._record_search(query, valid, hits, started)
        return [self._tools[str(hit["id"])] for hit in hits]

    def answer_tool_search_call(self, call: Mapping[str, Any]) -> Dict[str, Any]:
        """The ``tool_search_output`` for a Responses ``tool_search_call`` (query or paths form). Never refuses what
        the model sent: an empty query or unknown paths load nothing, a bad limit uses the default; a ``call_id``
        of None or none is answered with ``"call_id": None``."""
        call_id, query, limit, paths = parse_tool_search_call(call)
        if paths is not None:
            ids, _unknown = resolve_tool_search_paths(self._snapshot, paths)
            found = [self._tools[i] for i in ids]  # loading by path is no search: not reported, as in TypeScript
        else:
            found = self._rank(query, limit)
        return build_tool_search_output(self._snapshot, call_id, found, self._top_level_names)

    def answer_tool_use(self, block: Mapping[str, Any]) -> Dict[str, Any]:
        """The ``tool_result`` for Claude's ``tool_use`` of the custom search tool (``tool_search="client"``):
        ``tool_reference`` blocks by the names turn one sent, or one text block when nothing matched. Raises for a
        block of another tool (route with ``block["name"] == "tool_search"``), never for what the model typed."""
        tool_use_id, query, limit = parse_search_tool_use(block)
        found = self._rank(query, limit)
        if not found:
            return no_match_result(tool_use_id, query)
        return tool_reference_result(tool_use_id, [self._listed_names[t["id"]] for t in found])

    def chat_session(self, max_loaded: int = DEFAULT_MAX_LOADED) -> ChatToolSession:
        """Deferred loading for one Chat Completions conversation (any model with function calling)."""
        return ChatToolSession(lambda: self._snapshot, lambda query, limit: self.search(query, limit), max_loaded)

    def refresh(self) -> Tuple[bool, int]:
        """Revalidates ``latest`` with its ETag: (changed, version). A pinned version never changes."""
        if self._pinned != "latest":
            return False, self.version
        result = fetch_snapshot(self._target, "latest", etag=self.content_hash)
        if result is None or result[0]["contentHash"] == self.content_hash:
            return False, self.version
        snapshot, body = result
        self._use(snapshot)
        if self._cache_dir:
            write_cached_snapshot(self._cache_dir, self._target.team, self._target.catalog, "latest", body)
        return True, self.version
