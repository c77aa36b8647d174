"""Stockroom for Python agents: fetch and verify a catalog's published snapshot, build turn one, and answer
``tool_search`` exactly as the TypeScript SDK does, ranked locally with the snapshot's profile (``snowballstemmer``
for Snowball English; PyICU for CJK words outside the glossary)."""

from .catalog import Catalog
from .codex_bm25.engine import SearchQueryError
from .connect import connect
from .chat_completions import CHAT_TOOL_SEARCH_NAME, ChatToolSession, chat_tool_search_tool
from .first_request import ANTHROPIC_SEARCH_TOOL_NAME, ANTHROPIC_TOOL_SEARCH_TOOL, first_request_tools, flat_tool_names
from .first_request import provider_tool
from .http import ApiTarget, StockroomApiError
from .jcs import canonicalize, legacy_canonicalize
from .snapshot import SNAPSHOT_FORMAT, SNAPSHOT_FORMATS, SnapshotIntegrityError, compute_content_hash, verify_snapshot
from .telemetry import TelemetryReporter
from .telemetry_session import CatalogTelemetry, calls_in
from .tool_search import build_tool_search_output, resolve_tool_search_paths, tool_reference_result

__version__ = "2.1.0"

__all__ = [
    "ANTHROPIC_SEARCH_TOOL_NAME",
    "ANTHROPIC_TOOL_SEARCH_TOOL",
    "ApiTarget",
    "CHAT_TOOL_SEARCH_NAME",
    "ChatToolSession",
    "chat_tool_search_tool",
    "Catalog",
    "CatalogTelemetry",
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_FORMATS",
    "SearchQueryError",
    "SnapshotIntegrityError",
    "StockroomApiError",
    "TelemetryReporter",
    "build_tool_search_output",
    "calls_in",
    "canonicalize",
    "legacy_canonicalize",
    "compute_content_hash",
    "connect",
    "first_request_tools",
    "flat_tool_names",
    "provider_tool",
    "resolve_tool_search_paths",
    "tool_reference_result",
    "verify_snapshot",
]
