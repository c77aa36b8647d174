import { expect, test, type Page } from "@playwright/test";
import { signUpNewUser } from "./helpers";
import { createEmptyCatalog } from "./main-pages";

// Item 1 and 3 of issue 23: a fresh sign-up's empty catalog (no tools, golden queries, snapshot or events) is right on
// every page, and each empty state says what to do next and links to it.
const ADD_TOOLS = ["Import from an MCP server", "Paste a tools list", "Add a tool", "Load example tools"];

type Step = { path: string; texts: string[]; links: string[] };

const STEPS: Step[] = [
  { path: "", texts: ["This catalog has no tools yet", "0 of 6 done"], links: ADD_TOOLS },
  { path: "/namespaces", texts: ["No namespaces yet"], links: ADD_TOOLS },
  { path: "/playground", texts: ["This catalog has no tools yet: there is nothing to rank."], links: ADD_TOOLS },
  { path: "/preview", texts: ["This catalog has no tools yet, so the first request carries none."], links: ADD_TOOLS },
  { path: "/golden", texts: ["No golden queries yet", "A golden query names the tools that should answer"], links: ADD_TOOLS },
  { path: "/review", texts: ["Nothing published yet", "The draft has no tools: add some before publishing version 1."], links: ADD_TOOLS },
  { path: "/snapshots", texts: ["Nothing published yet", "add tools first"], links: ADD_TOOLS },
  { path: "/insights", texts: ["No agent reported anything in this period", "Nothing is published yet"], links: ["Review & publish", "Agent tokens"] },
  { path: "/insights/events", texts: ["No events match"], links: ["← Insights"] },
  { path: "/tokens", texts: ["No tokens yet", "Nothing is published yet"], links: ["Review & publish"] },
  { path: "/history", texts: ["created the catalog"], links: [] },
  { path: "/settings", texts: ["Delete this catalog"], links: ["Namespaces"] },
];

/** Every console error and uncaught exception, with the page it happened on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  return errors;
}

test("a fresh sign-up's empty catalog: every page says what to do and links to it, with no console error", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  const { team } = await signUpNewUser(page);
  await expect(page.getByText("No catalogs yet")).toBeVisible();
  await expect(page.getByText("Create one with “New catalog” above")).toBeVisible();
  const base = await createEmptyCatalog(page, team);
  const main = page.getByRole("main");
  for (const step of STEPS) {
    await page.goto(base + step.path);
    await expect(page.getByText(/^(Loading|Counting|Ranking)/)).toHaveCount(0, { timeout: 20_000 });
    for (const text of step.texts) await expect(main.getByText(text, { exact: false }).first(), `${step.path}: “${text}”`).toBeVisible();
    for (const name of step.links) await expect(main.getByRole("link", { name, exact: true }).last(), `${step.path}: link “${name}”`).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("the empty states' links lead where they say: example tools pasted, a blank tool form, the live import", async ({ page }) => {
  const { team } = await signUpNewUser(page);
  const base = await createEmptyCatalog(page, team);
  await page.goto(`${base}/golden`);
  await page.getByRole("main").getByRole("link", { name: "Load example tools", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Import tools" })).toBeVisible();
  await expect(page.getByLabel("Namespace for tools without one")).toHaveValue("helpdesk");
  await page.goto(`${base}/playground`);
  await page.getByRole("main").getByRole("link", { name: "Add a tool", exact: true }).click();
  await expect(page).toHaveURL(`${base}/tools/new`);
  await page.goto(`${base}/review`);
  await page.getByRole("main").getByRole("link", { name: "Import from an MCP server", exact: true }).click();
  await expect(page).toHaveURL(`${base}/import?source=live`);
  await expect(page.getByRole("tab", { name: "Live MCP server", selected: true })).toBeVisible();
});
