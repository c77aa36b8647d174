import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { trpc } from "./playground-helpers";

const TOOLS = [
  { name: "create_refund", description: "Refund a payment.", inputSchema: { type: "object", properties: {} } },
  {
    name: "list_invoices",
    description: "List the invoices of a customer.",
    inputSchema: { type: "object", properties: {} },
  },
];

/** Imports three golden queries, one naming an unknown tool id (left out of its query). */
async function importGoldenJsonl(page: Page) {
  await page.getByRole("button", { name: "Import JSONL" }).click();
  const importer = page.getByRole("region", { name: "Import golden queries" });
  await importer
    .getByLabel("JSONL", { exact: true })
    .fill(
      [
        '{"query": "refund the payment", "gold": ["billing.create_refund"]}',
        '{"query": "show invoices", "gold": ["billing.list_invoices", "billing.ghost_tool"]}',
        '{"query": "book a flight", "gold": []}',
      ].join("\n"),
    );
  await importer.getByRole("button", { name: "Check file" }).click();
  await expect(importer.getByText("Would create 3, update 0, leave 0 unchanged.")).toBeVisible();
  const unknown = importer.getByRole("table", { name: "Unknown tool ids" });
  await expect(unknown.getByRole("row", { name: /show invoices/ })).toContainText("billing.ghost_tool");
  await expect(importer.getByRole("button", { name: "Import", exact: true })).toBeDisabled(); // "refuse" is the default
  await importer.getByLabel("Leave them out of those queries").check();
  await importer.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    importer.getByText(/Imported: 3 created, 0 updated, 0 unchanged \(1 with unknown ids left out\)/),
  ).toBeVisible();
}

/** Edit: add the refund tool to "show invoices" through the picker, remove the invoice tool. */
async function editWithToolPicker(page: Page, table: Locator) {
  await table.getByRole("button", { name: "Edit “show invoices”" }).click();
  const editForm = page.getByRole("form", { name: "Save golden query" });
  await editForm.getByRole("combobox", { name: "Expected tools" }).fill("refund");
  await page.getByRole("option", { name: /billing\.create_refund/ }).click();
  await editForm.getByRole("button", { name: "Remove billing.list_invoices" }).click();
  await editForm.getByLabel("Note").fill("moved to refunds");
  await editForm.getByRole("button", { name: "Save golden query" }).click();
  const edited = table.getByRole("row", { name: /show invoices/ });
  await expect(edited).toContainText("billing.create_refund");
  await expect(edited).toContainText("moved to refunds");
  await expect(edited).not.toContainText("billing.list_invoices");
}

/** Export downloads the same JSONL import reads. */
async function expectExport(page: Page, catalog: string) {
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSONL" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${catalog}-golden.jsonl`);
  await expect(page.getByText(`Downloaded ${catalog}-golden.jsonl`)).toBeVisible();
  const lines = (await (await download.createReadStream()).toArray())
    .join("")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines).toEqual([
    { query: "refund the payment", gold: ["billing.create_refund"] },
    { query: "show invoices", gold: ["billing.create_refund"], note: "moved to refunds" },
    { query: "book a flight", gold: [] },
  ]);
}

/** Delete, then undo from the toast: it comes back with its tools and note. */
async function deleteAndUndo(page: Page, table: Locator) {
  await table.getByRole("button", { name: "Delete “book a flight”" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete this golden query?" })
    .getByRole("button", { name: "Delete golden query" })
    .click();
  await expect(table.getByRole("row", { name: /book a flight/ })).toHaveCount(0);
  await expect(page.getByText("2 golden queries")).toBeVisible();

  await page.getByRole("button", { name: "Undo" }).click();
  await expect(table.getByRole("row", { name: /book a flight/ })).toHaveCount(1);
  await expect(page.getByText("3 golden queries")).toBeVisible();
}

test("golden queries: import JSONL reporting unknown ids, edit with the tool picker, export, delete", async ({
  page,
  newCatalog,
}) => {
  test.setTimeout(120_000); // a long walk: on a busy machine it passes the default minute
  const { team, catalog, base } = newCatalog;
  const text = JSON.stringify({ tools: TOOLS });
  const options = { namespace: "billing", mcpServer: null, exposure: "deferred" };
  const preview = await trpc<{ fingerprint: string }>(page, "import.preview", { team, catalog, text, options });
  await trpc(page, "import.commit", { team, catalog, text, options, fingerprint: preview.fingerprint });

  await page.goto(`${base}/golden`);
  await expect(page.getByText("No golden queries yet.")).toBeVisible();
  await importGoldenJsonl(page);

  const table = page.getByRole("table", { name: "Golden queries" });
  await expect(table.getByRole("row", { name: /show invoices/ })).toContainText("billing.list_invoices");
  await expect(table.getByRole("row", { name: /show invoices/ })).not.toContainText("ghost_tool");
  await expect(table.getByRole("row", { name: /book a flight/ })).toContainText("no tool should match");

  await editWithToolPicker(page, table);
  await expectExport(page, catalog);
  await deleteAndUndo(page, table);
});
