import { expect, type Page, test } from "@playwright/test";
import { signUpNewUser } from "./helpers";
import { createPublishedCatalog, trpc } from "./playground-helpers";

// Issue 41 items 8 and 12: the interface bugs a new team hit.

/** Records, from now on, whether "Nothing matches." was ever on screen above an option of the palette. */
async function watchEmptyAboveMatches(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { emptyAboveMatches: boolean };
    w.emptyAboveMatches = false;
    const check = () => {
      const list = document.querySelector("[cmdk-list]");
      if (!list) return;
      const empty = [...list.querySelectorAll("*")].find((el) => el.textContent?.trim() === "Nothing matches.");
      const option = list.querySelector("[cmdk-item]");
      if (empty && option && empty.compareDocumentPosition(option) & Node.DOCUMENT_POSITION_FOLLOWING)
        w.emptyAboveMatches = true;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test("⌘K: an exact name comes first and is selected, Enter opens it, no 'Nothing matches' above matches", async ({
  page,
}) => {
  const { team } = await signUpNewUser(page);
  await createPublishedCatalog(page, team, "pal-desk");
  // A catalog named like a page of another: typing its exact name must pick it, not "Support desk / History".
  await trpc(page, "catalog.create", {
    team,
    name: "History",
    slug: "pal-history",
    engineProfile: "codex-bm25",
    defaultLimit: 5,
  });
  const base = `/t/${team}/pal-desk`;
  await page.goto(base);
  await page.getByRole("heading", { level: 1 }).click();

  const palette = page.getByRole("dialog", { name: "Go to" });
  await page.keyboard.press("ControlOrMeta+k");
  await expect(palette).toBeVisible();
  await watchEmptyAboveMatches(page);
  await page.keyboard.type("crm.read_inbox", { delay: 40 });
  const first = palette.getByRole("option").first();
  await expect(first).toContainText("crm.read_inbox");
  await expect(first).toHaveAttribute("aria-selected", "true");
  expect(await page.evaluate(() => (window as unknown as { emptyAboveMatches: boolean }).emptyAboveMatches)).toBe(
    false,
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${base}/tools/[^/]+$`));
  await expect(page.getByText("crm.read_inbox").first()).toBeVisible();

  await page.keyboard.press("ControlOrMeta+k");
  await page.keyboard.type("History");
  await expect(palette.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(palette.getByRole("option").first()).toContainText(/^History \/ Tools/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/t/${team}/pal-history`);

  // Nothing at all: the message, and no option.
  await page.keyboard.press("ControlOrMeta+k");
  await page.keyboard.type("zzqqxx");
  await expect(palette.getByText("Nothing matches.")).toBeVisible();
  await expect(palette.getByRole("option")).toHaveCount(0);
});

test("a new team's URL comes from the team's name", async ({ page }) => {
  const { name, team } = await signUpNewUser(page, `ada-${Date.now().toString(36)}`);
  expect(team).toBe(`${name}s-team`);
  await expect(page.getByText(`${name}'s team`).first()).toBeVisible();
});

test("the team named at sign-up gives the URL its name", async ({ page }) => {
  const name = `grace-${Date.now().toString(36)}`;
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(`${name}@example.test`);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByLabel("Team").fill(`Harbor Labs ${name}`);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(new RegExp(`/t/harbor-labs-${name}$`));
  await expect(page.getByRole("heading", { name: "Catalogs" })).toBeVisible();
});

test("the expected-tool picker matches words in any order", async ({ page }) => {
  const { team } = await signUpNewUser(page);
  await createPublishedCatalog(page, team, "pick-desk");
  await page.goto(`/t/${team}/pick-desk/golden`);
  const form = page.getByRole("form", { name: "Add golden query" });
  await form.getByRole("combobox", { name: "Expected tools" }).fill("order refund");
  await expect(page.getByRole("option", { name: /crm\.refund_order/ })).toBeVisible();
  await form.getByRole("combobox", { name: "Expected tools" }).fill("inbox read");
  await expect(page.getByRole("option", { name: /crm\.read_inbox/ })).toBeVisible();
});
