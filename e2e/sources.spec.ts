import { expect, test } from "./fixtures";

test("a namespace's HTTP MCP source is recorded, synced from the Namespaces page, and its change set applied", async ({
  page,
  newCatalog,
}) => {
  // @ts-expect-error plain ESM test fixture without types
  const { startHttpServer } = await import("../server/testing/tiny-mcp-server.mjs");
  const server = await startHttpServer();
  try {
    await page.goto(`${newCatalog.base}/namespaces`);
    await page.getByRole("button", { name: "Add a source" }).click();
    await page.getByLabel("Namespace (made if new)").fill("weather");
    await page.getByLabel("Server URL").fill(server.url);
    await page.getByRole("button", { name: "Add a header" }).click();
    await page.getByLabel("Header 1 name").fill("X-Team");
    await page.getByLabel("Header 1 value").fill("forecasts");
    await page.getByRole("button", { name: "Save source" }).click();
    const card = page.getByRole("listitem", { name: "Source of weather" });
    await expect(card).toContainText("MCP server over HTTP");
    await expect(card).toContainText("X-Team: forecasts");
    await expect(card).toContainText("never synced");

    await card.getByRole("button", { name: "Sync weather" }).click();
    await expect(card.getByRole("status")).toHaveText("3 new · 0 changed · 0 conflicts · 0 removed · 0 unchanged");
    await card.getByRole("button", { name: "Apply sync" }).click();
    await expect(card).toContainText("last synced");
    await expect(page.getByRole("row", { name: "Namespace weather" })).toContainText("3 tools");
  } finally {
    await server.close();
  }
});
