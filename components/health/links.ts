import type { inferRouterOutputs } from "@trpc/server";
import {
  CHECK_CATEGORIES,
  CHECK_SEVERITIES,
  type CheckCategory,
  type CheckSeverity,
} from "@/domain/catalog-check/index";
import type { AppRouter } from "@/server/routers/root";

export type HealthFindings = inferRouterOutputs<AppRouter>["health"]["findings"];
export type HealthVersions = inferRouterOutputs<AppRouter>["health"]["versions"];

/** The Health tab's filters and page, as its URL carries them (so every view can be linked and reloaded). */
export interface HealthView {
  category: CheckCategory | null;
  severity: CheckSeverity | null;
  tool: string | null;
  page: number;
}

export const CATEGORY_LABELS: Record<CheckCategory, string> = {
  quality: "Quality",
  findability: "Findability",
  confusion: "Confusion",
  safety: "Safety",
};

export const CATEGORY_HINTS: Record<CheckCategory, string> = {
  quality: "What the description says and leaves out",
  findability: "Requests that miss the tool",
  confusion: "Look-alike tools that compete",
  safety: "Text aimed at the model, not the user",
};

export const SEVERITY_LABELS: Record<CheckSeverity, string> = { error: "Errors", warning: "Warnings", info: "Info" };

const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const oneOf = <V extends string>(values: readonly V[], value: string | undefined): V | null =>
  values.find((v) => v === value) ?? null;

/** Reads the filters from the page's search params; anything malformed is ignored (shows everything). */
export function parseHealthParams(params: Record<string, string | string[] | undefined>): HealthView {
  const page = Number.parseInt(pick(params.page) ?? "", 10);
  return {
    category: oneOf(CHECK_CATEGORIES, pick(params.category)),
    severity: oneOf(CHECK_SEVERITIES, pick(params.severity)),
    tool: pick(params.tool)?.trim().slice(0, 300) || null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The Health tab showing `view` (a page of 1 and empty filters are left out of the URL). */
export function healthHref(base: string, view: Partial<HealthView>): string {
  const params = new URLSearchParams();
  if (view.category) params.set("category", view.category);
  if (view.severity) params.set("severity", view.severity);
  if (view.tool) params.set("tool", view.tool);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  const query = params.toString();
  return `${base}/health${query ? `?${query}` : ""}`;
}

/** The Playground ranking `query` (it reads its request from `q`). */
export const playgroundHref = (base: string, query: string) =>
  `${base}/playground?${new URLSearchParams({ q: query })}`;

/** A tool's editor page. */
export const toolHref = (base: string, editorId: string) => `${base}/tools/${encodeURIComponent(editorId)}`;
