import { expect, test } from "@playwright/test";
import { newUserWithCatalog } from "./catalog-helpers";

const tools = (forecast: string): { tools: Array<Record<string, unknown>> } => ({
  tools: [
    {
      name: "get_forecast",
      title: "Get forecast",
      description: forecast,
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
    {
      name: "list_alerts",
      description: "List active weather alerts for a region.",
      inputSchema: { type: "object", properties: { region: { type: "string" } } },
    },
    {
      name: "get_uv_index",
      description: "Current UV index at a location.",
      inputSchema: { type: "object", properties: { lat: { type: "number" } } },
    },
  ],
});
const file = (name: string, doc: unknown) => ({
  name,
  mimeType: "application/json",
  buffer: Buffer.from(JSON.stringify(doc, null, 2)),
});

test("imports an MCP tools/list file after a preview, and a re-import shows the change as a diff", async ({ page }) => {
  const { base } = await newUserWithCatalog(page);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await page
    .getByLabel("Upload a JSON file")
    .setInputFiles(file("weather.json", tools("Get the weather forecast for a city.")));
  await expect(page.getByLabel("Tools JSON")).toHaveValue(/get_forecast/);
  await page.getByLabel("Namespace for tools without one").fill("weather");
  await page.getByLabel("MCP server name").fill("tiny-weather");
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByTestId("import-counts")).toHaveText("3 new · 0 changed · 0 unchanged · 0 invalid");
  const preview = page.getByRole("table", { name: "Import preview" });
  await expect(preview.getByText("weather.get_forecast")).toBeVisible();
  await page.getByRole("button", { name: "Import 3 tools" }).click();
  await expect(page.getByText("Imported: 3 created, 0 updated, 0 unchanged.")).toBeVisible();

  await page.getByRole("link", { name: "Back to the tools" }).click();
  await expect(page.getByText("3 tools", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "weather.list_alerts" }),
  ).toBeVisible();

  await page.goto(`${base}/import`);
  await page
    .getByLabel("Upload a JSON file")
    .setInputFiles(file("weather-v2.json", tools("Get the hourly weather forecast for a city.")));
  await page.getByLabel("Namespace for tools without one").fill("weather");
  await page.getByLabel("MCP server name").fill("tiny-weather");
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByTestId("import-counts")).toHaveText("0 new · 1 changed · 2 unchanged · 0 invalid");
  await page.getByText("description changed").click();
  await expect(preview.getByText("- Get the weather forecast for a city.")).toBeVisible();
  await expect(preview.getByText("+ Get the hourly weather forecast for a city.")).toBeVisible();
  await page.getByRole("button", { name: "Import 1 tool" }).click();
  await expect(page.getByText("Imported: 0 created, 1 updated, 2 unchanged.")).toBeVisible();
  await page.goto(base);
  await expect(page.getByText("3 tools", { exact: true })).toBeVisible(); // updated, not duplicated
});

test("a re-import after the server dropped a tool lists it as removed, and removes it once chosen", async ({
  page,
}) => {
  const { base } = await newUserWithCatalog(page);
  const previewFile = async (name: string, doc: unknown) => {
    await page.goto(`${base}/import`);
    await page.getByLabel("Upload a JSON file").setInputFiles(file(name, doc));
    await expect(page.getByLabel("Tools JSON")).toHaveValue(/get_forecast/);
    await page.getByLabel("Namespace for tools without one").fill("weather");
    await page.getByLabel("MCP server name").fill("tiny-weather");
    await page.getByRole("button", { name: "Preview import" }).click();
  };
  const forecast = "Get the weather forecast for a city.";
  await previewFile("weather.json", tools(forecast));
  await page.getByRole("button", { name: "Import 3 tools" }).click();
  await expect(page.getByText("Imported: 3 created, 0 updated, 0 unchanged.")).toBeVisible();

  const dropped = { tools: tools(forecast).tools.filter((t) => t.name !== "list_alerts") };
  await previewFile("weather-dropped.json", dropped);
  // Before: "0 new · 0 changed · 2 unchanged · 0 invalid", and the dropped tool stayed without a word.
  await expect(page.getByTestId("import-counts")).toHaveText("0 new · 0 changed · 2 unchanged · 0 invalid · 1 removed");
  const preview = page.getByRole("table", { name: "Import preview" });
  const row = preview.getByRole("row").filter({ hasText: "weather.list_alerts" });
  await expect(row).toContainText("removed");
  await expect(row).toContainText("The source no longer lists this tool");
  // Nothing is removed or kept without a choice.
  await expect(page.getByRole("button", { name: "Apply changes" })).toBeDisabled();
  await expect(page.getByText("Decide for each removed tool and conflict first.")).toBeVisible();
  await row.getByRole("radiogroup", { name: "Decision for weather.list_alerts" }).getByLabel("Remove").check();
  await page.getByRole("button", { name: "Remove 1 tool" }).click();
  await expect(page.getByText("Imported: 0 created, 0 updated, 2 unchanged. 1 removed.")).toBeVisible();

  // History shows the import as one entry, the removal folded under it.
  await page.goto(`${base}/history`);
  const entry = page.getByRole("list", { name: "History" }).getByRole("listitem").first();
  await expect(entry).toContainText("imported tools from");
  await expect(entry).toContainText("1 removed");
  await entry.getByText("1 change in this import").click();
  await expect(entry).toContainText("weather.list_alerts");
  await page.goto(base);

  await expect(page.getByText("2 tools", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "weather.list_alerts" }),
  ).toHaveCount(0);
});

test("a file with an invalid tool is refused until the invalid tool is skipped", async ({ page }) => {
  await newUserWithCatalog(page);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  const doc = tools("Forecast.");
  doc.tools.push({ name: "bad tool", description: "", inputSchema: { type: "object", properties: {} } });
  await page.getByLabel("Tools JSON").fill(JSON.stringify(doc));
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByTestId("import-counts")).toHaveText("3 new · 0 changed · 0 unchanged · 1 invalid");
  await expect(
    page.getByRole("table", { name: "Import preview" }).getByText(/Tool name "bad tool" contains a space/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Import 3 tools" })).toBeDisabled();
  await page.getByLabel(/Skip the 1 invalid tools/).check();
  await page.getByRole("button", { name: "Import 3 tools" }).click();
  await expect(page.getByText("Imported: 3 created, 0 updated, 0 unchanged.")).toBeVisible();
});

test("connects to a live MCP server over Streamable HTTP (with a header) and imports its tools", async ({ page }) => {
  // @ts-expect-error plain ESM test fixture without types
  const { startHttpServer } = await import("../server/testing/tiny-mcp-server.mjs");
  const server = await startHttpServer({ token: "e2e-secret" });
  try {
    await newUserWithCatalog(page);
    await page.getByRole("link", { name: "Import", exact: true }).click();
    await page.getByRole("tab", { name: "Live MCP server" }).click();
    await page.getByLabel("Server URL").fill(server.url);
    await page.getByRole("button", { name: "Connect and list tools" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "refused the request (401); check the headers" }),
    ).toBeVisible();
    await page.getByLabel("Headers").fill("Authorization: Bearer e2e-secret");
    await page.getByRole("button", { name: "Connect and list tools" }).click();
    await expect(page.getByText("tiny-weather listed 3 tools.")).toBeVisible();
    await expect(page.getByLabel("Namespace for tools without one")).toHaveValue("tiny-weather");
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByTestId("import-counts")).toHaveText("3 new · 0 changed · 0 unchanged · 0 invalid");
    await page.getByRole("button", { name: "Import 3 tools" }).click();
    await expect(page.getByText("Imported: 3 created, 0 updated, 0 unchanged.")).toBeVisible();
  } finally {
    await server.close();
  }
});

test("the stdio form says it is off on this server and points to `stockroom import`", async ({ page }) => {
  await newUserWithCatalog(page);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await page.getByRole("tab", { name: "Live MCP server" }).click();
  await page.getByLabel("stdio command").check();
  const note = page.getByRole("note", { name: "stdio import is off" });
  await expect(note).toContainText("does not start MCP server commands");
  await expect(note).toContainText("npm run -s stockroom -- import");
  await expect(note).toContainText("STOCKROOM_STDIO_COMMANDS");
  await expect(page.getByLabel("Command", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Connect and list tools" })).toBeDisabled();
});

test("a 1,000-tool import shows its progress and a Cancel that leaves nothing written; applied again, it runs through", async ({
  page,
}) => {
  const { base } = await newUserWithCatalog(page);
  const many = {
    tools: Array.from({ length: 1000 }, (_, i) => ({
      name: `get_item_${i}`,
      description: `Reads item number ${i} by its id.`,
      inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    })),
  };
  await page.goto(`${base}/import`);
  await page.getByLabel("Upload a JSON file").setInputFiles(file("items.json", many));
  await page.getByLabel("Namespace for tools without one").fill("items");
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByTestId("import-counts")).toHaveText("1000 new · 0 changed · 0 unchanged · 0 invalid");

  await page.getByRole("button", { name: "Import 1,000 tools" }).click();
  const progress = page.getByLabel("Import progress", { exact: true });
  await expect(progress.getByRole("status")).toHaveText(
    /^(Starting the import…|Comparing with the catalog: .+|Writing: .+ of 1,000)$/,
  );
  await progress.getByRole("button", { name: "Cancel import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cancelled" }).first()).toHaveText(
    /The import was cancelled; nothing was written\./,
  );

  await page.getByRole("button", { name: "Import 1,000 tools" }).click();
  await expect(progress.getByRole("status")).toHaveText(/^(Comparing with the catalog|Writing): [\d,]+ of [\d,]+$/);
  await expect(page.getByText("Imported: 1000 created, 0 updated, 0 unchanged.")).toBeVisible({ timeout: 120_000 });
  await page.getByRole("link", { name: "Back to the tools" }).click();
  await expect(page.getByText("1,000 tools", { exact: true })).toBeVisible();
});
