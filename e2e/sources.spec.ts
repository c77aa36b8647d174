import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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

test("a large sync shows its progress and a Cancel that leaves nothing written; applied again, it runs through", async ({
  page,
  newCatalog,
}) => {
  const { generatedOpenApi } = await import("../server/testing/generated-openapi");
  const body = generatedOpenApi(1000);
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`${newCatalog.base}/namespaces`);
    await page.getByRole("button", { name: "Add a source" }).click();
    await page.getByLabel("Namespace (made if new)").fill("items");
    await page.getByLabel("Kind").click();
    await page.getByRole("option", { name: "OpenAPI document" }).click();
    const port = (server.address() as AddressInfo).port;
    await page.getByLabel("Document URL").fill(`http://127.0.0.1:${port}/items.json`);
    await page.getByRole("button", { name: "Save source" }).click();
    const card = page.getByRole("listitem", { name: "Source of items" });
    await card.getByRole("button", { name: "Sync items" }).click();
    await expect(card.getByRole("status")).toHaveText("1000 new · 0 changed · 0 conflicts · 0 removed · 0 unchanged");

    await card.getByRole("button", { name: "Apply sync" }).click();
    const progress = card.getByLabel("Sync progress", { exact: true });
    await expect(progress.getByRole("status")).toHaveText(
      /^(Starting the sync…|Reading the source: .+|Comparing with the catalog: .+|Writing: .+ of 1,000)$/,
    );
    await progress.getByRole("button", { name: "Cancel sync" }).click();
    await expect(card.getByRole("alert")).toHaveText("The sync was cancelled; nothing was written.");
    await expect(card).toContainText("never synced");

    // Applied again and left alone: the dialog shows the phase with its counts while it runs, then the result.
    await card.getByRole("button", { name: "Apply sync" }).click();
    await expect(progress.getByRole("status")).toHaveText(
      /^(Reading the source|Comparing with the catalog|Writing): [\d,]+ of [\d,]+$/,
    );
    await expect(card).toContainText("last synced", { timeout: 120_000 });
    await expect(page.getByRole("row", { name: "Namespace items" })).toContainText("1,000 tools");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
