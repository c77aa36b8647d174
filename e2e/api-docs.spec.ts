import { expect, test } from "@playwright/test";

type Doc = { paths: Record<string, Record<string, { operationId: string; summary: string; parameters?: Array<{ name: string }> }>> };

test("the API docs list every OpenAPI operation, linked from the sidebar, with curl, Python and TypeScript examples", async ({ page, request }) => {
  const doc = (await (await request.get("/api/v1/openapi.json")).json()) as Doc;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.values(methods).map((op) => ({ path, ...op })));
  expect(operations.length).toBeGreaterThanOrEqual(3);
  await page.goto("/docs/api");
  const nav = page.getByRole("navigation", { name: "API reference" });
  for (const op of operations) {
    const card = page.getByRole("region", { name: op.summary, exact: true });
    await expect(card).toContainText(op.path);
    await expect(nav.locator(`a[href="#${op.operationId}"]`)).toBeVisible();
    const languages = card.getByRole("tablist", { name: "Language" });
    const panel = card.getByRole("tabpanel");
    for (const [tab, marker] of [["curl", "curl -sS"], ["Python", "urllib.request"], ["TypeScript (fetch)", "await fetch("]] as const) {
      await languages.getByRole("tab", { name: tab, exact: true }).click();
      await expect(panel).toContainText(marker);
      await expect(panel).toContainText(op.path.replace("{team}", "demo").replace("{catalog}", "mcp-tools").replace("{version}", "1"));
    }
    if (!op.parameters?.some((p) => p.name === "Accept-Encoding")) continue;
    const encodings = card.getByRole("tablist", { name: "Encoding" });
    for (const [tab, marker] of [["br", "Accept-Encoding: br"], ["gzip", "Accept-Encoding: gzip"], ["304 revalidation", "If-None-Match"]] as const) {
      await languages.getByRole("tab", { name: "curl", exact: true }).click();
      await encodings.getByRole("tab", { name: tab, exact: true }).click();
      await expect(panel).toContainText(marker);
    }
    await encodings.getByRole("tab", { name: "identity", exact: true }).click();
  }
  // The sidebar jumps to an endpoint.
  const last = operations.at(-1)!;
  await nav.locator(`a[href="#${last.operationId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`#${last.operationId}$`));
  await expect(page.getByRole("region", { name: last.summary, exact: true })).toBeInViewport();
});
