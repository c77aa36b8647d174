import { expect, test, type Page } from "@playwright/test";
import { signUpNewUser } from "./helpers";
import { createEmptyCatalog } from "./main-pages";

// Item 1 and 3 of issue 23: a fresh sign-up's empty catalog (no tools, golden queries, snapshot or events) is right on
// every page, and each empty state says what to do next and links to it.
const ADD_TOOLS = ["Import from an MCP server", "Paste a tools list", "Add a tool", "Load example tools"];

/** `region`: the notice holding the links; its texts are what a person reads there. */
type Step = { path: string; region: string; texts: string[]; links: string[]; role?: "list" | "note" };

const STEPS: Step[] = [
  { path: "", region: "Tools", texts: ["This catalog has no tools yet"], links: ADD_TOOLS },
  { path: "", region: "Set-up checklist", texts: ["0 of 6 done", "Add tools"], links: ["Import tools →"] },
  { path: "/namespaces", region: "No namespaces yet", texts: ["A namespace groups tools"], links: ADD_TOOLS },
  {
    path: "/playground",
    region: "This catalog has no tools yet",
    texts: ["type what a user would ask"],
    links: ADD_TOOLS,
  },
  {
    path: "/first-request",
    region: "This catalog has no tools yet",
    texts: ["So the first request carries none."],
    links: ADD_TOOLS,
  },
  {
    path: "/golden",
    region: "This catalog has no tools yet",
    texts: ["A golden query names the tools that should answer"],
    links: ADD_TOOLS,
  },
  { path: "/golden", region: "Add a golden query", texts: ["Query"], links: [] },
  {
    path: "/review",
    region: "The draft has no tools",
    texts: ["Add some before publishing version 1"],
    links: ADD_TOOLS,
  },
  {
    path: "/snapshots",
    region: "Nothing published yet",
    texts: ["add tools first, then review the draft and publish version 1"],
    links: ADD_TOOLS,
  },
  {
    path: "/insights",
    region: "No agent events yet",
    texts: ["Nothing is published yet", "Publish a version"],
    links: ["Review & publish", "Agent tokens", "API reference"],
  },
  {
    path: "/tokens",
    region: "Nothing published yet",
    texts: ["they get a 404 until you publish version 1"],
    links: ["Review & publish"],
    role: "note",
  },
  { path: "/history", region: "History", texts: ["created the catalog"], links: [], role: "list" },
];

/** Every console error and uncaught exception, with the page it happened on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error")
      errors.push(`${new URL(page.url()).pathname}: ${message.text()} ${message.location().url}`);
  });
  page.on("pageerror", (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  return errors;
}

test("a fresh sign-up's empty catalog: every page says what to do and links to it, with no console error", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  const { team } = await signUpNewUser(page);
  await expect(page.getByText("No catalogs yet")).toBeVisible();
  await expect(page.getByText("Create one with “New catalog” above")).toBeVisible();
  const base = await createEmptyCatalog(page, team);
  for (const step of STEPS) {
    if (new URL(page.url()).pathname !== base + step.path) await page.goto(base + step.path);
    await expect(page.getByText(/^(Loading|Counting tokens|Ranking (every|the deferred))/)).toHaveCount(0, {
      timeout: 20_000,
    });
    const region = page.getByRole(step.role ?? "region", { name: step.region, exact: true });
    for (const text of step.texts)
      await expect(region.getByText(text).first(), `${step.path}: “${text}”`).toBeVisible();
    for (const name of step.links)
      await expect(region.getByRole("link", { name, exact: true }), `${step.path}: link “${name}”`).toBeVisible();
  }
  // Nothing to search, filter or export on the tool list until a tool exists, nor on Golden queries until one exists.
  await page.goto(base);
  await expect(page.getByRole("region", { name: "Tools", exact: true })).toBeVisible();
  for (const label of ["Search tools", "Namespace", "Exposure", "Sort"])
    await expect(page.getByLabel(label, { exact: true }), `filter “${label}”`).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Export/ })).toHaveCount(0);
  await page.goto(`${base}/golden`);
  await expect(page.getByRole("button", { name: "Import JSONL" })).toBeVisible();
  await expect(page.getByLabel("Filter golden queries")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export JSONL" })).toHaveCount(0);
  await page.goto(`${base}/tokens`);
  await expect(page.getByRole("form", { name: "Create token" }).getByLabel("Token name")).toBeVisible();
  // The first request for an empty catalog: no talk of a client that "cannot call tool search".
  await page.goto(`${base}/first-request`);
  await expect(page.getByText("cannot call tool search")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the empty states' links lead where they say: example tools pasted, a blank tool form, the live import", async ({
  page,
}) => {
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
