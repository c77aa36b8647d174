import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

const figure = async (figures: Locator, label: string | RegExp) => {
  const text = await figures
    .locator("div")
    .filter({ has: figures.page().getByText(label, { exact: true }) })
    .locator("dd")
    .first()
    .innerText();
  return Number(text.replace(/,/g, ""));
};

test("the first-request preview shows the payload and its token figures per client profile", async ({ page, demo }) => {
  await page.goto("/t/demo/mcp-tools/first-request");

  const figures = page.getByLabel("Token figures");
  await expect(figures).toContainText("724 tools ×");
  const everything = await figure(figures, "Everything direct (N × S)");
  const first = await figure(figures, "First request");
  const withSearch = await figure(figures, "With one search (+ K × S)");
  const saved = await figure(figures, "Saved per turn");
  expect(everything).toBeGreaterThan(100_000);
  expect(first).toBeLessThan(everything);
  expect(withSearch).toBeGreaterThan(first);
  expect(saved).toBe(everything - withSearch);
  await expect(figures).toContainText("K = 8 loaded");
  await expect(page.getByRole("figure", { name: "Token cost chart" })).toBeVisible();
  // One line per turn-one entry: direct functions, namespace summaries of deferred tools, the search tool last.
  const entries = page.getByRole("list", { name: "Payload entries" });
  await expect(entries.getByRole("listitem").filter({ hasText: /namespace\s*slack\s*8 deferred/ })).toBeVisible();
  await expect(entries.getByRole("listitem").last()).toHaveText(/tool_search/);
  const payload = page.getByLabel("Tools payload", { exact: true });
  await page.getByRole("button", { name: /Show all [\d,]+ lines/ }).click();
  await expect(payload).toContainText('"type": "namespace"');
  await expect(payload).toContainText('"defer_loading": true');
  await expect(payload).toContainText('"type": "tool_search"');

  // A client without tool search: fallbacks apply, no summary, no search tool, nothing loaded.
  await page.getByRole("radio", { name: "No", exact: true }).check();
  await expect(figures).toContainText("no tool search for this client");
  await expect(payload).not.toContainText("tool_search");
  await expect(payload).not.toContainText("defer_loading");
  const noSearchFirst = await figure(figures, "First request");
  expect(noSearchFirst).toBeGreaterThan(first);
  await expect(page.getByText("This client cannot call tool search")).toBeVisible();

  // Anthropic with search: defer_loading tools and the BM25 tool search tool (the last entry).
  await page.getByRole("radio", { name: "Yes", exact: true }).check();
  await page.getByRole("radio", { name: "Anthropic" }).check();
  await expect(payload).toContainText('"input_schema"');
  await expect(payload).toContainText('"type": "tool_search_tool_bm25_20251119"');
  await expect(payload).toContainText('"defer_loading": true');

  // MCP tools/list: inputSchema, no deferral.
  await page.getByRole("radio", { name: "MCP tools/list" }).check();
  await expect(payload).toContainText('"inputSchema"');
  await expect(payload).not.toContainText("defer_loading");

  // Chat Completions (any model with function calling): direct functions and a plain tool_search function.
  await page.getByRole("radio", { name: "Chat Completions (any model)" }).check();
  await expect(entries.getByRole("listitem").last()).toHaveText(/function\s*tool_search/);
  await expect(payload).toContainText('"name": "tool_search"');
  await expect(payload).not.toContainText("defer_loading");
  await expect(figures).toContainText("K = 8 loaded");
});
