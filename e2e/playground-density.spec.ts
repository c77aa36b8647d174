import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { signUpNewUser } from "./helpers";
import { createSupportCatalog, trpc } from "./playground-helpers";

// Issue 41 item 13: a denser, plainer Playground and the smaller layout bugs a new team hit.

/** A 1366×768 and a 1440×900 laptop screen, less about 110 px of browser and system bars. */
const LAPTOPS = [
  { width: 1366, height: 768 - 110 },
  { width: 1440, height: 900 - 110 },
];

for (const viewport of LAPTOPS)
  test(`five result cards fit on a ${viewport.width}-px laptop screen`, async ({ page, demo }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/t/demo/mcp-tools/playground?q=${encodeURIComponent("refund a paid order for a customer")}`);
    const cards = page.getByRole("list", { name: "Ranked tools" }).getByRole("listitem");
    await expect(cards).toHaveCount(8);
    await cards.first().evaluate((card) => card.scrollIntoView({ block: "start" }));
    const top = (await cards.first().boundingBox())!.y;
    const fifth = (await cards.nth(4).boundingBox())!;
    expect(fifth.y + fifth.height - top).toBeLessThanOrEqual(viewport.height);
  });

/** The support catalog's playground (codex-bm25, whose stems are plain to read) with `query` typed. */
async function supportPlayground(page: Page, query: string) {
  const { team } = await signUpNewUser(page);
  await createSupportCatalog(page, team, "words");
  await page.goto(`/t/${team}/words/playground?q=${encodeURIComponent(query)}`);
  return { team, card: page.getByRole("listitem", { name: "1. crm.read_inbox" }) };
}

test("a person reads the words they typed, not the engine's stems; stems only where labelled", async ({ page }) => {
  const { card } = await supportPlayground(page, "read messages urgently");
  await expect(card.getByText(/^Lacks:/)).toHaveText("Lacks: urgently");
  await expect(page.getByText(/^Words searched for:/)).toContainText("Words searched for: read · messages · urgently");
  await card.getByRole("button", { name: "Explain" }).click();
  const explanation = card.getByRole("table", { name: "Explanation of crm.read_inbox" });
  await expect(explanation.getByRole("row", { name: /^✓ messages ?\(stem “messag”\)/ })).toBeVisible();
  await expect(explanation.getByRole("row", { name: /^✓ read\b/ })).toBeVisible();
  await expect(explanation.getByRole("row", { name: /^[✓✗] messag\b/ })).toHaveCount(0);
});

test("on a phone the Explain table fits the screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { card } = await supportPlayground(page, "read messages in the inbox folder");
  await card.getByRole("button", { name: "Explain" }).click();
  const explanation = card.getByRole("table", { name: "Explanation of crm.read_inbox" });
  await expect(explanation.getByRole("row", { name: /^✓ messages/ })).toBeVisible();
  const box = (await explanation.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(
    await explanation.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth),
  ).toBeLessThanOrEqual(0);
});

test("the new-catalog form opens below the heading without moving it", async ({ page }) => {
  const { team } = await signUpNewUser(page);
  await page.goto(`/t/${team}`);
  const heading = page.getByRole("heading", { name: "Catalogs", level: 1 });
  const before = (await heading.boundingBox())!;
  await page.getByRole("button", { name: "New catalog" }).click();
  const form = page.getByRole("form", { name: "New catalog" });
  await expect(page.getByLabel("Catalog name")).toBeFocused();
  const after = (await heading.boundingBox())!;
  expect({ x: after.x, y: after.y }).toEqual({ x: before.x, y: before.y });
  expect((await form.boundingBox())!.y).toBeGreaterThan(after.y + after.height);
});

test("saving a golden query the catalog already has says which one and what to do", async ({ page }) => {
  const { team } = await supportPlayground(page, "Read  the INBOX");
  await trpc(page, "golden.create", { team, catalog: "words", query: "read the inbox", expected: ["crm.read_inbox"] });
  const save = page.getByRole("group", { name: "Save as golden query" });
  await save.getByRole("button", { name: "crm.read_inbox" }).click();
  await save.getByRole("button", { name: "Save as golden query" }).click();
  await expect(save.getByRole("alert")).toHaveText(
    'This catalog already has the golden query "read the inbox" (the same words, ignoring case and spacing), ' +
      "expecting crm.read_inbox. Change that one on the Golden queries page, or word this one differently.",
  );
});
