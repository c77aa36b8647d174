import { expect, type Page } from "@playwright/test";
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
  { name: "first-request", path: "/t/demo/mcp-tools/preview" },
  { name: "golden", path: "/t/demo/mcp-tools/golden" },
  { name: "review", path: "/t/demo/mcp-tools/review" },
  { name: "snapshots", path: "/t/demo/mcp-tools/snapshots" },
  { name: "tokens", path: "/t/demo/mcp-tools/tokens" },
  { name: "history", path: "/t/demo/mcp-tools/history" },
  { name: "namespaces", path: "/t/demo/mcp-tools/namespaces" },
  { name: "settings", path: "/t/demo/mcp-tools/settings" },
  { name: "api-docs", path: "/docs/api" },
  { name: "not-found", path: "/t/demo/no-such-catalog" },
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
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
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
