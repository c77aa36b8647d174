"""The telemetry half of ``Catalog``: what the agent tells it about the model's calls, and flushing on exit."""

from __future__ import annotations

from typing import Any, Dict, Optional

from .telemetry_session import CatalogTelemetry, ToolResolver

__all__ = ["CatalogTelemetryMethods"]


class CatalogTelemetryMethods:
    telemetry: Optional[CatalogTelemetry]
    _resolve_call: ToolResolver
    version: int  # Catalog's property

    def observe(self, items: Any) -> int:
        """Reads the model's output items (Responses ``function_call`` items, Anthropic ``tool_use`` blocks, or the
        response holding them) and records which deferred tool it called after which search; returns how many."""
        return self.telemetry.observe(items, self._resolve_call, self.version) if self.telemetry else 0

    def record_outcome(self, call_id: str, ok: bool, error: Optional[str] = None) -> None:
        """Records how a call the model made ended (``call_id`` as the provider gave it)."""
        if self.telemetry is not None:
            self.telemetry.record_outcome(call_id, ok, error)

    def set_conversation_id(self, conversation_id: str) -> None:
        """Events from now on belong to this conversation (an opaque id of the agent's choosing)."""
        if self.telemetry is not None and conversation_id:
            self.telemetry.conversation_id = conversation_id

    def telemetry_stats(self) -> Optional[Dict[str, int]]:
        """Queued, sent, dropped (queue full), rejected and failed attempts; None when telemetry is off."""
        return self.telemetry.reporter.stats() if self.telemetry else None

    def close(self) -> None:
        """Sends what telemetry is left and stops its thread; call before the agent exits. Never raises."""
        if self.telemetry is not None:
            self.telemetry.reporter.close()
