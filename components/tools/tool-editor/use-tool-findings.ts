"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import {
  type CheckTool,
  checkTool,
  contextOfSummary,
  type Finding,
  prepareCatalog,
} from "@/domain/catalog-check/index";
import { useTRPC } from "@/components/trpc-provider";
import { parseParameters, type ToolDetail, type ToolForm } from "./tool-form";

/** Long enough to skip the keystrokes of a word, short enough to follow the typing (a check takes well under 1 ms). */
const DEBOUNCE_MS = 150;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The form as the check reads it: the id it would have once saved, the parsed schema and the MCP hints. */
export function checkToolOfForm(form: ToolForm, base: ToolDetail | null): CheckTool {
  const namespace = form.namespace.trim() || null;
  const name = form.name.trim();
  const metadata = base?.mcpMetadata as { annotations?: unknown } | null | undefined;
  const annotations = metadata?.annotations;
  return {
    id: namespace ? `${namespace}.${name}` : name,
    namespace,
    name,
    description: form.description,
    parameters: parseParameters(form.parametersText).value ?? {},
    annotations: annotations && typeof annotations === "object" ? (annotations as Record<string, unknown>) : null,
    mcpServer: form.mcpServer.trim() || null,
  };
}

export interface ToolFindings {
  /** The tool's own rules on the form as typed. */
  own: Finding[];
  /** The rules that compare tools, on the saved draft (refreshed after a save). */
  catalog: Finding[];
  isCatalogLoading: boolean;
}

/** The tool's findings while the curator types: its own rules in the browser, the catalog-wide ones from the server. */
export function useToolFindings(team: string, catalog: string, base: ToolDetail | null, form: ToolForm): ToolFindings {
  const trpc = useTRPC();
  const key = base?.key ?? null;
  const summary = useQuery(trpc.tool.checkContext.queryOptions({ team, catalog, key }));
  const context = useMemo(
    () => (summary.data ? contextOfSummary(summary.data, key) : prepareCatalog([])),
    [summary.data, key],
  );
  const settled = useDebounced(form, DEBOUNCE_MS);
  const own = useMemo(() => checkTool(checkToolOfForm(settled, base), context), [settled, base, context]);
  return { own, catalog: summary.data?.findings ?? [], isCatalogLoading: summary.isPending };
}
