import { expect, test } from "@playwright/test";

type Doc = {
  paths: Record<string, Record<string, { operationId: string; summary: string; parameters?: Array<{ name: string }> }>>;
};

/** An operation's path as its examples fill it in: the demo catalog and the parameters' own examples. */
function examplePath(path: string): string {
  return path
    .replace("{team}", "demo")
    .replace("{catalog}", "mcp-tools")
    .replace("{version}", "1")
    .replace("{namespace}", "weather");
}

test("the API docs list every OpenAPI operation, linked from the sidebar, with curl, Python and TypeScript examples", async ({
  page,
  request,
}) => {
  const doc = (await (await request.get("/api/v1/openapi.json")).json()) as Doc;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.values(methods).map((op) => ({ path, ...op })),
  );
  expect(operations.length).toBeGreaterThanOrEqual(3);
  await page.goto("/docs/api");
  const nav = page.getByRole("navigation", { name: "API reference" });
  for (const op of operations) {
    const card = page.getByRole("region", { name: op.summary, exact: true });
    await expect(card).toContainText(op.path);
    await expect(nav.locator(`a[href="#${op.operationId}"]`)).toBeVisible();
    const languages = card.getByRole("tablist", { name: "Language" });
    // The language's panel holds the encoding tabs and their panel: the innermost panel shows the code.
    const panel = card.getByRole("tabpanel").last();
    for (const [tab, marker] of [
      ["curl", "curl -sS"],
      ["Python", "urllib.request"],
      ["TypeScript (fetch)", "await fetch("],
    ] as const) {
      await languages.getByRole("tab", { name: tab, exact: true }).click();
      await expect(panel).toContainText(marker);
      await expect(panel).toContainText(examplePath(op.path));
    }
    if (!op.parameters?.some((p) => p.name === "Accept-Encoding")) continue;
    const encodings = card.getByRole("tablist", { name: "Encoding" });
    for (const [tab, marker] of [
      ["br", "Accept-Encoding: br"],
      ["gzip", "Accept-Encoding: gzip"],
      ["304 revalidation", "If-None-Match"],
    ] as const) {
      await languages.getByRole("tab", { name: "curl", exact: true }).click();
      await encodings.getByRole("tab", { name: tab, exact: true }).click();
      await expect(panel).toContainText(marker);
    }
    await encodings.getByRole("tab", { name: "identity", exact: true }).click();
  }
  // Radix tabs: arrow keys move between languages and encodings, and the panel follows.
  const first = page.getByRole("region", { name: operations[0]!.summary, exact: true });
  await first.getByRole("tab", { name: "curl", exact: true }).click();
  await page.keyboard.press("ArrowRight");
  await expect(first.getByRole("tab", { name: "Python", exact: true })).toBeFocused();
  await expect(first.getByRole("tab", { name: "Python", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(first.getByRole("tabpanel").last()).toContainText("urllib.request");
  await page.keyboard.press("End");
  await expect(first.getByRole("tablist", { name: "Language" }).getByRole("tab").last()).toBeFocused();
  const encodings = page.getByRole("tablist", { name: "Encoding" }).first();
  await encodings.getByRole("tab").first().click();
  await page.keyboard.press("ArrowRight");
  await expect(encodings.getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true");

  // The sidebar jumps to an endpoint.
  const last = operations.at(-1)!;
  await nav.locator(`a[href="#${last.operationId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`#${last.operationId}$`));
  await expect(page.getByRole("region", { name: last.summary, exact: true })).toBeInViewport();
});
