import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { confirmPublish } from "./helpers";
import { SUPPORT_TOOLS, trpc } from "./playground-helpers";

/** Imports SUPPORT_TOOLS into namespace `crm` of the user's new catalog (the import UI has its own spec). */
async function importTools(page: Page, team: string, catalog: string) {
  const text = JSON.stringify({ tools: SUPPORT_TOOLS });
  const options = { namespace: "crm", mcpServer: null, exposure: "deferred" };
  const preview = await trpc<{ fingerprint: string }>(page, "import.preview", { team, catalog, text, options });
  await trpc(page, "import.commit", { team, catalog, text, options, fingerprint: preview.fingerprint });
}

async function addGoldenQuery(page: Page, query: string, tool: string) {
  const form = page.getByRole("form", { name: "Add golden query" });
  await form.getByLabel("Query").fill(query);
  await form.getByRole("combobox", { name: "Expected tools" }).fill(tool.split(".")[1]!);
  await page.getByRole("option", { name: new RegExp(tool.replace(".", "\\.")) }).click();
  await expect(form.getByRole("list", { name: "Expected tools chosen" })).toContainText(tool);
  await form.getByRole("button", { name: "Add golden query" }).click();
  await expect(
    page.getByRole("table", { name: "Golden queries" }).getByRole("row", { name: new RegExp(query) }),
  ).toContainText(tool);
}

/** Version 1 through the review page: before the first publish nothing moves. */
async function publishFirstVersion(page: Page) {
  await page.getByRole("navigation", { name: "Catalog" }).getByRole("link", { name: "Review & publish" }).click();
  await expect(page.getByText(/Nothing published yet/)).toBeVisible();
  // Before the first publish nothing moves: the top K is listed without "entered" or "moved" markers.
  const first = page.getByRole("article", { name: "Query: refund a paid order" });
  await expect(first).toContainText("crm.refund_order");
  await expect(first.getByText(/entered the top|moved from/)).toHaveCount(0);
  await page.getByLabel("Release note").fill("First version");
  await page.getByRole("button", { name: "Publish version 1" }).click();
  await confirmPublish(page, 1);
  await expect(page.getByRole("status").filter({ hasText: "Published version 1" })).toBeVisible();
}

/** Edit the tool in the tool editor. */
async function editLookupDescription(page: Page, base: string) {
  await page.goto(base);
  await page.getByRole("link", { name: "crm.lookup_customer" }).click();
  await page
    .getByRole("textbox", { name: "Description" })
    .fill("Find a customer profile by email, with the customer's invoices and invoice history.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved — revision 2.")).toBeVisible();
}

/** The review shows the query that moved, the metric change and the text diff. */
async function reviewTheMove(page: Page) {
  await page.getByRole("navigation", { name: "Catalog" }).getByRole("link", { name: "Review & publish" }).click();
  await expect(page.getByText(/Draft vs version 1/)).toBeVisible();
  const moved = page.getByRole("article", { name: "Query: invoice history of a customer" });
  await expect(moved.getByText("better")).toBeVisible();
  await expect(moved.getByLabel("moved from 2 to 1")).toBeVisible();
  await expect(moved).toContainText("expected tool: rank 2 → rank 1");
  await expect(moved.getByLabel("moved from 1 to 2")).toHaveCount(0); // the tool it displaced only reordered: not marked
  await expect(page.getByRole("article", { name: "Query: refund a paid order" })).toHaveCount(0); // unchanged ones are folded away
  const metrics = page.getByRole("table", { name: "Metrics" });
  await expect(metrics.getByRole("row", { name: /success@1/ })).toContainText("+50.0 pt");
  const diff = page.getByRole("article", { name: "Changed tool crm.lookup_customer" });
  await expect(diff.locator("ins").first()).toContainText("invoice");
  await expect(diff.getByText("Effective search text")).toBeVisible();
}

/** The history lists both versions and charts their metrics; hovering a version shows its values. */
async function checkHistory(page: Page) {
  const versions = page.getByRole("table", { name: "Versions" });
  const v2 = versions.getByRole("row", { name: "Version 2" });
  await expect(v2).toContainText("Lookup mentions invoices");
  await expect(v2).toContainText("latest");
  await expect(v2).toContainText("@example.test");
  await expect(v2).toContainText("sha256-");
  await expect(versions.getByRole("row", { name: "Version 1" })).toContainText("First version");
  // Shares (success@1, recall@K) and scores (MRR, nDCG) on separate axes; hovering a version shows its values.
  const share = page.getByRole("img", { name: /Metrics over versions, share of golden queries: .*recall@K/ });
  await expect(share).toBeVisible();
  await expect(
    page.getByRole("img", { name: /Metrics over versions, ranking score \(0–1\): MRR .*nDCG@10/ }),
  ).toBeVisible();
  await expect(share).not.toContainText("MRR");
  const box = (await share.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2); // over v1
  const readout = share.locator("xpath=..").locator('[aria-live="polite"]');
  await expect(readout).toContainText(/^v1/);
  await expect(readout).toContainText("success@1");

  return v2;
}

async function checkDownload(page: Page, v2: Locator, team: string, catalog: string) {
  const href = await v2.getByRole("link", { name: "Download version 2" }).getAttribute("href");
  const download = await page.request.get(href!);
  expect(download.headers()["content-disposition"]).toContain(`${team}-${catalog}-v2.json`);
  const snapshot = (await download.json()) as {
    version: number;
    contentHash: string;
    tools: Array<{ id: string; spec: { description: string } }>;
  };
  expect(snapshot.version).toBe(2);
  await expect(v2).toContainText(snapshot.contentHash.slice(0, 19));
  expect(snapshot.tools.find((t) => t.id === "crm.lookup_customer")!.spec.description).toContain("invoice history");
}

test("edit a tool, review the moved query, publish version 2 with a note, see it in the history", async ({
  page,
  newCatalog,
}) => {
  const { team, catalog, base } = newCatalog;
  await importTools(page, team, catalog);

  await page.goto(`${base}/golden`);
  await addGoldenQuery(page, "invoice history of a customer", "crm.lookup_customer");
  await addGoldenQuery(page, "refund a paid order", "crm.refund_order");
  await expect(page.getByText("2 golden queries")).toBeVisible();

  await publishFirstVersion(page);
  await editLookupDescription(page, base);
  await reviewTheMove(page);
  await page.getByLabel("Release note").fill("Lookup mentions invoices");
  await page.getByRole("button", { name: "Publish version 2" }).click();
  await confirmPublish(page, 2);
  await expect(page.getByRole("status").filter({ hasText: "Published version 2" })).toBeVisible();
  await page.getByRole("link", { name: "Open the snapshot history" }).click();

  const v2 = await checkHistory(page);
  await checkDownload(page, v2, team, catalog);
});

test("roll back to version 1: its content is published as version 3", async ({ page, newCatalog }) => {
  const { team, catalog, base } = newCatalog;
  await importTools(page, team, catalog);
  await trpc(page, "review.publish", { team, catalog, note: "v1" });
  const [tool] = (
    await trpc<{ tools: Array<{ id: string; revision: number }> }>(
      page,
      "tool.list",
      { team, catalog, search: "refund_order" },
      "query",
    )
  ).tools;
  await trpc(page, "tool.update", {
    team,
    catalog,
    id: tool!.id,
    revision: tool!.revision,
    patch: { description: "Refund a paid order in full." },
  });
  await trpc(page, "review.publish", { team, catalog, note: "v2" });

  await page.goto(`${base}/snapshots`);
  const versions = page.getByRole("table", { name: "Versions" });
  await versions.getByRole("button", { name: "Roll back to version 1" }).click();
  await expect(page.getByLabel("Rollback note")).toHaveValue("Roll back to version 1");
  await page.getByRole("button", { name: "Publish version 1's content" }).click();
  const v3 = versions.getByRole("row", { name: "Version 3" });
  await expect(v3).toContainText("Rollback: content of version 1");
  await expect(v3).toContainText("latest");
  await expect(versions.getByRole("button", { name: "Roll back to version 3" })).toHaveCount(0);
});
