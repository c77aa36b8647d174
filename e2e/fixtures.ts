import { test as base } from "@playwright/test";
import { newUserWithCatalog } from "./catalog-helpers";
import { signInAsDemo, signUpNewUser } from "./helpers";

type NewUser = Awaited<ReturnType<typeof signUpNewUser>>;
type NewCatalog = Awaited<ReturnType<typeof newUserWithCatalog>>;

/**
 * The set-up most specs start with, as fixtures: ask for one and the page is signed in before the test runs.
 * - `newUser`: a brand-new user (with a team of their own), on their team page.
 * - `newCatalog`: a brand-new user with a fresh, empty catalog made through the "New catalog" form, on its tool list.
 * - `demo`: the page signed in as the seeded demo user.
 */
export const test = base.extend<{ newUser: NewUser; newCatalog: NewCatalog; demo: void }>({
  newUser: async ({ page }, use) => use(await signUpNewUser(page)),
  newCatalog: async ({ page }, use) => use(await newUserWithCatalog(page)),
  demo: async ({ page }, use) => {
    await signInAsDemo(page);
    await use();
  },
});

export { expect } from "@playwright/test";
