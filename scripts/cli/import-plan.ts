// `stockroom import`'s two halves that do not start anything: the agent API calls and the preview as text.
import { pathOf, type ResponseOf } from "../../domain/agent-api/route-spec";
import { commitImportRoute, previewImportRoute } from "../../domain/agent-api/routes";

/** The plan POST …/import/preview answers (its spec in domain/agent-api/routes.ts). */
export type ImportPlan = ResponseOf<typeof previewImportRoute>;

export interface ImportTarget {
  url: string;
  token: string;
  team: string;
  catalog: string;
}

/** An answer of the API that is not 2xx, with its `{ error: { code, message } }`. */
export class ApiError extends Error {}

type ImportRoute = typeof previewImportRoute | typeof commitImportRoute;

/** POSTs to an import route; the answer is typed by the route's spec. */
export async function postImport<R extends ImportRoute>(
  target: ImportTarget,
  route: R,
  body: unknown,
): Promise<ResponseOf<R>> {
  const url = target.url.replace(/\/+$/, "") + pathOf<ImportRoute>(route, target);
  let response: Response;
  try {
    const headers = { authorization: `Bearer ${target.token}`, "content-type": "application/json" };
    response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(`could not reach ${url}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(`${url} answered ${response.status} with a body that is not JSON`);
  }
  if (!response.ok) {
    const error = (parsed as { error?: { code?: string; message?: string } }).error;
    throw new ApiError(`${response.status} ${error?.code ?? "ERROR"}: ${error?.message ?? text.slice(0, 200)}`);
  }
  return parsed as ResponseOf<R>;
}

const MARK: Record<string, string> = {
  new: "+",
  changed: "~",
  conflict: "≠",
  removed: "x",
  unchanged: "=",
  invalid: "!",
  skipped: "-",
};
const indent = (text: string, prefix: string) =>
  text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");

/** The preview as the UI shows it: counts, then new / changed (with a before/after diff) / invalid / skipped rows. */
export function formatPlan(plan: ImportPlan, { showUnchanged = false } = {}): string {
  const { counts } = plan;
  const lines = [
    `${counts.new} new, ${counts.changed} changed, ${counts.conflict ?? 0} conflicts, ${counts.removed ?? 0} removed, ${counts.unchanged} unchanged, ${counts.invalid} invalid, ${counts.skipped} skipped (${plan.format})`,
  ];
  for (const row of plan.rows) {
    if (row.status === "unchanged" && !showUnchanged) continue;
    const name = row.key ?? row.label;
    const extra = row.status === "new" && row.exposure ? ` (${row.exposure})` : "";
    lines.push(`${MARK[row.status] ?? "?"} ${row.status.padEnd(9)} ${name}${extra}`);
    for (const change of row.changes) {
      const field = change.conflict
        ? `${change.field} (changed upstream and in the catalog; - ours, + upstream)`
        : change.field;
      lines.push(`    ${field}:`, indent(change.before, "      - "), indent(change.after, "      + "));
    }
    for (const message of row.messages) lines.push(`    ${message}`);
  }
  return lines.join("\n");
}
