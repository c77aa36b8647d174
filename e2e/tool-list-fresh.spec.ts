import { expect, test } from "@playwright/test";
import { newUserWithCatalog } from "./catalog-helpers";

// The tool list is rendered by the server and then kept by the browser's query cache. A change made elsewhere (an
// import, another tab, the CLI) must show as soon as the list is opened again, not after the cache goes stale.
test("tools added outside this page show at once when the list is opened again", async ({ page, baseURL }) => {
  const { team, catalog } = await newUserWithCatalog(page);
  await expect(page.getByText("This catalog has no tools yet")).toBeVisible();

  for (const name of ["list_invoices", "refund_invoice"]) {
    const response = await page.request.post("/api/trpc/tool.create", {
      headers: { origin: baseURL! },
      data: { json: { team, catalog, tool: { name, namespace: "billing", description: `${name} in billing.` } } },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await page.getByRole("navigation", { name: "Catalog" }).getByRole("link", { name: "Namespaces" }).click();
  await expect(page.getByRole("heading", { name: "Namespaces", exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Catalog" }).getByRole("link", { name: "Tools" }).click();
  // Well inside the list's 10 s cache lifetime: the server's fresh page must win over the cached empty one.
  await expect(page.getByText("2 tools", { exact: true })).toBeVisible({ timeout: 3_000 });
  await expect(
    page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "billing.refund_invoice" }),
  ).toBeVisible();
  await expect(page.getByText("This catalog has no tools yet")).toHaveCount(0);
});
