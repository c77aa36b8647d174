import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { signUpNewUser } from "./helpers";

// A change made while a list is still loading shows up in it: the list's first load, read before the change,
// must not be taken as the refetch after it (components/refetch.ts).
test("an invitation sent while the member list is still loading shows up in the list", async ({ page }) => {
  await signUpNewUser(page);
  const email = `invitee-${randomBytes(3).toString("hex")}@example.test`;
  let answerFirstLoad!: () => void;
  const invitationSaved = new Promise<void>((resolve) => (answerFirstLoad = resolve));
  let loads = 0;
  await page.route(/\/api\/trpc\/[^?]*team\.members/, async (route) => {
    if (++loads > 1) return route.continue();
    const response = await route.fetch(); // read now, before the invitation exists
    await invitationSaved;
    await route.fulfill({ response }).catch(() => undefined);
  });

  await page.getByRole("navigation", { name: "Team" }).getByRole("link", { name: "Members" }).click();
  const input = page.getByLabel("Invite by email");
  await input.fill(email);
  await page.getByRole("button", { name: "Invite" }).click();
  // The form clears once the invitation is saved and the list reloaded (a mutation waits for its refetch): with the
  // first load taken as the refetch, that waits for the load held here and the form never clears.
  await expect(input).toHaveValue("");
  answerFirstLoad();

  await expect(
    page.getByRole("table", { name: "Members" }).getByRole("row", { name: `${email} (invited)` }),
  ).toContainText("editor");
  expect(loads).toBe(2);
});
