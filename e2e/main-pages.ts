import { expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { signInAsDemo } from "./helpers";

/** Every main page, as the demo owner sees it: the list the accessibility and screenshot specs both walk. */
export const MAIN_PAGES = [
  { name: "catalogs", path: "/t/demo" },
  { name: "members", path: "/t/demo/members" },
  { name: "tools", path: "/t/demo/mcp-tools" },
  { name: "tools-search", path: "/t/demo/mcp-tools?q=refund" },
  { name: "tool-new", path: "/t/demo/mcp-tools/tools/new" },
  { name: "import", path: "/t/demo/mcp-tools/import" },
  { name: "playground", path: "/t/demo/mcp-tools/playground?q=schedule%20a%20meeting" },
  { name: "first-request", path: "/t/demo/mcp-tools/first-request" },
  { name: "golden", path: "/t/demo/mcp-tools/golden" },
  { name: "health", path: "/t/demo/mcp-tools/health" },
  { name: "review", path: "/t/demo/mcp-tools/review" },
  { name: "snapshots", path: "/t/demo/mcp-tools/snapshots" },
  { name: "insights", path: "/t/demo/mcp-tools/insights" },
  { name: "tokens", path: "/t/demo/mcp-tools/tokens" },
  { name: "history", path: "/t/demo/mcp-tools/history" },
  { name: "namespaces", path: "/t/demo/mcp-tools/namespaces" },
  { name: "settings", path: "/t/demo/mcp-tools/settings" },
  { name: "account", path: "/account" },
  { name: "api-docs", path: "/docs/api" },
  { name: "glossary", path: "/docs/glossary" },
  { name: "not-found", path: "/t/demo/no-such-catalog" },
] as const;

/** A fresh sign-up's empty catalog (no tools, golden queries, snapshot or events): paths under the catalog. */
export const EMPTY_CATALOG_PAGES = [
  { name: "empty-tools", path: "" },
  { name: "empty-namespaces", path: "/namespaces" },
  { name: "empty-playground", path: "/playground" },
  { name: "empty-first-request", path: "/first-request" },
  { name: "empty-golden", path: "/golden" },
  { name: "empty-health", path: "/health" },
  { name: "empty-review", path: "/review" },
  { name: "empty-snapshots", path: "/snapshots" },
  { name: "empty-insights", path: "/insights" },
  { name: "empty-insights-events", path: "/insights/events" },
  { name: "empty-tokens", path: "/tokens" },
  { name: "empty-history", path: "/history" },
  { name: "empty-settings", path: "/settings" },
] as const;

export const SIGNED_OUT_PAGES = [
  { name: "sign-in", path: "/sign-in" },
  { name: "sign-up", path: "/sign-up" },
] as const;

export const THEMES = ["light", "dark"] as const;

/** Opens a page and waits until its data has loaded (no "Loading…" left), in the theme the system asks for. */
export async function openPage(page: Page, path: string, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
  await page.goto(path);
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  // The loading texts only: the playground has a "Ranking" heading and "Ranking source" labels.
  await expect(page.getByText(/^(Loading|Counting tokens|Ranking (every|the deferred))/)).toHaveCount(0, {
    timeout: 45_000,
  });
}

export async function signInForPages(page: Page) {
  await signInAsDemo(page);
}

/** The first tool's editor: a page whose path depends on the data. */
export async function firstToolPath(page: Page): Promise<string> {
  await page.goto("/t/demo/mcp-tools");
  const href = await page.getByRole("table", { name: "Tools" }).getByRole("link").first().getAttribute("href");
  return href!;
}

/** Makes an empty catalog through the "New catalog" form on the team page; returns its base path. */
export async function createEmptyCatalog(page: Page, team: string): Promise<string> {
  await page.goto(`/t/${team}`);
  await page.getByRole("button", { name: "New catalog" }).click();
  await page.getByLabel("Catalog name").fill(`Empty ${randomBytes(2).toString("hex")}`);
  await page.getByRole("button", { name: "Create catalog" }).click();
  await expect(page.getByRole("heading", { name: "Tools", exact: true })).toBeVisible();
  return new URL(page.url()).pathname;
}
