import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { setParameters } from "./catalog-helpers";
import { chooseOption } from "./helpers";

/** Uploads `doc` as a JSON file on the import page, imports it and goes back to the tool list. */
async function uploadTools(page: Page, importUrl: string, doc: unknown, importButton: string) {
  await page.goto(importUrl);
  await page
    .getByLabel("Upload a JSON file")
    .setInputFiles({ name: "tools.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(doc)) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("button", { name: importButton }).click();
  await page.getByRole("link", { name: "Back to the tools" }).click();
}

test("an invalid schema is refused at the field and nothing is saved; fixed, it saves", async ({
  page,
  newCatalog,
}) => {
  const { base } = newCatalog;
  await page.getByRole("link", { name: "New tool" }).click();
  await expect(page.getByRole("heading", { name: "New tool" })).toBeVisible();
  await page.getByLabel("Namespace", { exact: true }).fill("weather");
  await page.getByLabel("Name", { exact: true }).fill("get_forecast");
  await page.getByLabel("Description", { exact: true }).fill("Get the weather forecast for a city.");
  await setParameters(page, '{"type": "object", "properties": {"days": {"type": "int"}}}');
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: 'Unknown type "int" at /properties/days/type' }),
  ).toBeVisible();
  await expect(page.getByText("Fix the fields marked below; nothing was saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/tools\/new$/);

  // A bad tool name names the rule it breaks.
  await page.getByLabel("Name", { exact: true }).fill("get.forecast");
  await expect(
    page.getByRole("alert").filter({ hasText: "OpenAI and Anthropic allow only letters, digits" }),
  ).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("get_forecast");

  await page.goto(base);
  await expect(page.getByText("0 tools", { exact: true })).toBeVisible(); // nothing was saved

  await page.goto(`${base}/tools/new`);
  await page.getByLabel("Namespace", { exact: true }).fill("weather");
  await page.getByLabel("Name", { exact: true }).fill("get_forecast");
  await page.getByLabel("Description", { exact: true }).fill("Get the weather forecast for a city.");
  await setParameters(page, '{"type": "object", "properties": {"days": {"type": "integer"}}}');
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page.getByRole("heading", { name: "weather.get_forecast" })).toBeVisible();
  await expect(page.getByText("Revision 1", { exact: true })).toBeVisible();
  await page.goto(base);
  await expect(page.getByText("1 tool", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "weather.get_forecast" }),
  ).toBeVisible();

  // The same (namespace, name) again is refused at the name field.
  await page.goto(`${base}/tools/new`);
  await page.getByLabel("Namespace", { exact: true }).fill("weather");
  await page.getByLabel("Name", { exact: true }).fill("get_forecast");
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText: 'Namespace "weather" already has a tool named "get_forecast"; choose another name or namespace.',
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/tools\/new$/);
});

test("exposure changes with the rule shown; search text tokens update as you type; history records both", async ({
  page,
  newCatalog,
}) => {
  const { base } = newCatalog;
  await page.getByRole("link", { name: "New tool" }).click();
  await expect(page.getByRole("heading", { name: "New tool" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("send_mail");
  await page.getByLabel("Description", { exact: true }).fill("Send an email to a recipient.");
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page.getByRole("heading", { name: "send_mail" })).toBeVisible();

  const exposure = page.getByRole("region", { name: "Exposure" });
  await expect(exposure.getByRole("radio", { name: /Deferred/ })).toBeChecked();
  await expect(exposure.getByText("Indexed for tool_search and loaded when a search hits it.")).toBeVisible();
  await expect(exposure.getByText("Fallback without tool_search")).toBeVisible();
  await exposure.getByRole("radio", { name: /Direct/ }).check();
  await expect(
    exposure.getByText(
      "Sent with its full schema at the top level of every first request. Not indexed for tool_search.",
    ),
  ).toBeVisible();
  await expect(exposure.getByText("Fallback without tool_search")).toBeHidden();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved — revision 2.")).toBeVisible();

  const searchText = page.getByRole("region", { name: "Search text" });
  const tokens = searchText.getByRole("list", { name: "Analyzed tokens" });
  await expect(tokens.getByText("mail", { exact: true }).first()).toBeVisible();
  await expect(tokens.getByText("courriel", { exact: true })).toHaveCount(0);
  await searchText.getByRole("radio", { name: /Generated \+ extra/ }).check();
  await searchText.getByLabel("Extra search terms").pressSequentially("courriel");
  await expect(tokens.getByText("courriel", { exact: true })).toBeVisible();
  await expect(searchText.getByTestId("effective-search-text")).toContainText("courriel");
  await searchText.getByRole("radio", { name: /Override/ }).check();
  await searchText.getByLabel("Override search text").fill("postbox letters");
  await expect(tokens.getByText("mail", { exact: true })).toHaveCount(0);
  await expect(tokens.getByText("postbox", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved — revision 3.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Search text" }).getByTestId("effective-search-text")).toHaveText(
    "postbox letters",
  );
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Send an email to a recipient."); // the model-facing text is untouched

  await page.getByRole("link", { name: "Tool history" }).click();
  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").nth(1)).toContainText("exposure");
  await expect(history.getByRole("listitem").nth(1)).toContainText("deferred → direct");

  await page.goto(`${base}?exp=direct`);
  await expect(page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "send_mail" })).toBeVisible();
});

test("a selection changes exposure in bulk; the list filters on the server", async ({ page, newCatalog }) => {
  const { base } = newCatalog;
  for (const name of ["alpha", "beta", "gamma"]) {
    await page.goto(`${base}/tools/new`);
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Create tool" }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
  }
  await page.goto(base);
  const table = page.getByRole("table", { name: "Tools" });
  await page.getByLabel("Select alpha").check();
  await page.getByLabel("Select gamma").check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk.getByText("2 selected")).toBeVisible();
  await chooseOption(bulk.getByLabel("Set exposure"), "hidden");
  await bulk.getByRole("button", { name: "Apply exposure" }).click();
  await expect(bulk).toBeHidden(); // the selection clears once the change is saved
  await chooseOption(page.getByLabel("Exposure", { exact: true }), "hidden");
  await expect(page.getByText("2 tools", { exact: true })).toBeVisible();
  await expect(table.getByRole("link")).toHaveText(["alpha", "gamma"]);
  // By keyboard: Enter opens the list, Home goes to its first option, Enter picks it and closes the list.
  const exposureFilter = page.getByLabel("Exposure", { exact: true });
  await exposureFilter.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("option", { name: "hidden" })).toBeFocused();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect(exposureFilter).toHaveText("Any exposure");
  await expect(exposureFilter).toBeFocused();
  await page.getByLabel("Search tools").fill("bet");
  await expect(table.getByRole("link")).toHaveText(["beta"]);
  await expect(page).toHaveURL(/q=bet/);

  // Bulk extra search terms: a toast, and the tool's own editor shows the words in "Generated + extra" mode.
  await page.getByLabel("Select beta").check();
  await bulk.getByLabel("Extra search terms").fill("zebra stripes");
  await bulk.getByRole("button", { name: "Add terms" }).click();
  await expect(page.getByText("1 tool got the new search terms")).toBeVisible();
  await expect(bulk).toBeHidden();
  await table.getByRole("link", { name: "beta" }).click();
  await expect(page.getByLabel("Extra search terms")).toHaveValue("zebra stripes");
});

test("the export menu downloads the draft in the chosen format, with or without tool search, and says so", async ({
  page,
  demo,
}) => {
  test.setTimeout(120_000); // two exports of the demo's 724 tools
  await page.goto("/t/demo/mcp-tools");
  async function exportOpenAi(withToolSearch: boolean) {
    await page.getByRole("button", { name: "Export" }).click();
    const menu = page.getByRole("menu");
    const option = menu.getByRole("menuitemcheckbox", { name: /Client supports tool search/ });
    if ((await option.getAttribute("aria-checked")) !== String(withToolSearch)) await option.click();
    // Ticking the option keeps the menu open for the format.
    await expect(option).toHaveAttribute("aria-checked", String(withToolSearch));
    const download = page.waitForEvent("download");
    await menu.getByRole("menuitem", { name: /OpenAI Responses tools/ }).click();
    const file = await download;
    await expect(page.getByText(`Downloaded ${file.suggestedFilename()}`).first()).toBeVisible();
    await expect(menu).toHaveCount(0);
    return JSON.stringify(JSON.parse(await readFile((await file.path())!, "utf8")));
  }
  expect(await exportOpenAi(true)).toContain('"type":"tool_search"');
  expect(await exportOpenAi(false)).not.toContain('"type":"tool_search"');
});

test("rows are one dense line; a description longer than its line offers the whole text; a short one offers nothing", async ({
  page,
  newCatalog,
}) => {
  test.setTimeout(120_000);
  const long =
    "Looks up the open orders of a customer by e-mail address and returns, for each order, its number, its status, " +
    "the items in it and the date it was placed or last changed by staff.";
  const doc = {
    tools: [
      { name: "list_open_orders", description: long, inputSchema: { type: "object", properties: {} } },
      { name: "ping", description: "Checks the server answers.", inputSchema: { type: "object", properties: {} } },
    ],
  };
  await uploadTools(page, `${newCatalog.base}/import`, doc, "Import 2 tools");
  const tools = page.getByRole("table", { name: "Tools" });
  const orders = tools.getByRole("row").filter({ hasText: "list_open_orders" });
  await expect(tools.getByRole("row").filter({ hasText: "ping" }).getByRole("button")).toHaveCount(0);
  // About 40 px a row on a laptop screen, long description included (it was two lines and a link below).
  for (const row of [orders, tools.getByRole("row").filter({ hasText: "ping" })]) {
    expect((await row.boundingBox())!.height).toBeLessThanOrEqual(44);
  }
  await orders.getByRole("button", { name: "Show all" }).click();
  await expect(orders.getByText(long)).toBeVisible();
  // Selecting the row rebuilds the table's columns; the description stays open.
  await page.getByLabel("Select list_open_orders").check();
  await expect(page.getByRole("region", { name: "Bulk actions" })).toBeVisible();
  await orders.getByRole("button", { name: "Show less" }).click();
  await expect(orders.getByRole("button", { name: "Show all" })).toBeVisible();
});

test("on a 390-px phone the tool list puts each description under its key, in two columns that fit the screen", async ({
  page,
  newCatalog,
}) => {
  const doc = {
    tools: [
      { name: "refund_order", description: "Refund a paid order.", inputSchema: { type: "object", properties: {} } },
    ],
  };
  await uploadTools(page, `${newCatalog.base}/import`, doc, "Import 1 tool");
  const tools = page.getByRole("table", { name: "Tools" });
  await expect(tools.getByRole("columnheader", { name: "Description" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tools.getByRole("columnheader", { name: "Description" })).toHaveCount(0);
  await expect(tools.getByRole("columnheader", { name: "Changed" })).toHaveCount(0);
  const key = tools.getByRole("cell").filter({ has: page.getByRole("link", { name: "refund_order" }) });
  await expect(key.getByText("Refund a paid order.")).toBeVisible();
  // The table fits: nothing scrolls sideways, neither the page nor the table's own box.
  const overflow = await tools.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
