import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { importHelpdesk, journey, JOURNEY_TIMEOUT, ownerWithCatalog } from "./fixtures/journey";
import { chooseOption, signUpThroughInvite } from "./helpers";

// Issue 8, point 6: a team forms around a catalog — invitations before sign-up, roles enforced on screen and by status.
const TOOL = "helpdesk.get_customer";
const NEW_DESCRIPTION = "Look up a customer by email or phone number: plan and recent tickets.";

/** A member of several teams picks one from the header's team menu. */
async function openTeam(page: Page, teamName: string) {
  const teams = page.getByRole("navigation", { name: "Team" });
  await teams.getByRole("button", { name: /^Team: / }).click();
  await page.getByRole("menuitem", { name: teamName }).click();
  await expect(teams.getByRole("button", { name: `Team: ${teamName}` })).toBeVisible();
}

test("an owner invites an editor and a viewer; roles hold on every screen; the owner sees the editor's change", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(2 * JOURNEY_TIMEOUT); // three people in three browsers: 1.3–1.6 min in CI, at the edge of one journey's limit
  const step = journey(testInfo);
  const id = randomBytes(3).toString("hex");
  const catalogName = `Helpdesk agent ${id}`;
  const editorName = `editor-${id}`;
  const viewerName = `viewer-${id}`;
  const email = (name: string) => `${name}@example.test`;
  let owner: Awaited<ReturnType<typeof ownerWithCatalog>>;
  const teamName = () => `${owner.name}'s team`;
  const links: Record<string, string> = {};

  await step("the owner signs up and fills a catalog", page, async () => {
    owner = await ownerWithCatalog(page, catalogName);
    await importHelpdesk(page, owner.scope);
    await page.reload();
    await expect(page.getByText("10 tools", { exact: true })).toBeVisible();
  });

  await step("the owner invites an editor and a viewer by email", page, async () => {
    await page.getByRole("navigation", { name: "Team" }).getByRole("link", { name: "Members" }).click();
    const members = page.getByRole("table", { name: "Members" });
    for (const [name, role, option] of [
      [editorName, "editor", "editor — edits tools"],
      [viewerName, "viewer", "viewer — reads"],
    ] as const) {
      await page.getByLabel("Invite by email").fill(email(name));
      await chooseOption(page.getByLabel("Role", { exact: true }), option);
      await page.getByRole("button", { name: "Invite" }).click();
      await expect(members.getByRole("row", { name: `${email(name)} (invited)` })).toContainText(role);
      // the single-use link, shown once, is what the owner sends on
      await expect(page.getByRole("status", { name: "Invitation link" })).toContainText(email(name));
      links[name] = await page.getByLabel("Invite link").inputValue();
    }
  });

  const editorPage = await (await browser.newContext()).newPage();
  const viewerPage = await (await browser.newContext()).newPage();

  await step(
    "both sign up through their links in their own browsers and find the team",
    { editor: editorPage, viewer: viewerPage },
    async () => {
      for (const [p, name, role] of [
        [editorPage, editorName, "editor"],
        [viewerPage, viewerName, "viewer"],
      ] as const) {
        await signUpThroughInvite(p, links[name]!, name);
        await openTeam(p, teamName());
        await expect(p.getByText(`${email(name)} · ${role}`)).toBeVisible();
        await expect(
          p.getByRole("list", { name: "Catalogs" }).getByRole("link", { name: new RegExp(catalogName) }),
        ).toBeVisible();
      }
    },
  );

  await step("the owner's member list shows them joined", page, async () => {
    await page.reload();
    const members = page.getByRole("table", { name: "Members" });
    await expect(members.getByText("(invited)")).toHaveCount(0);
    await expect(members.getByLabel(`Role of ${email(editorName)}`)).toHaveText("editor");
    await expect(members.getByLabel(`Role of ${email(viewerName)}`)).toHaveText("viewer");
  });

  await step("the viewer reads the catalog without edit controls", viewerPage, async () => {
    await viewerPage.getByRole("link", { name: new RegExp(catalogName) }).click();
    await expect(viewerPage.getByText("10 tools", { exact: true })).toBeVisible();
    await expect(viewerPage.getByRole("link", { name: "Import", exact: true })).toHaveCount(0);
    await expect(viewerPage.getByRole("link", { name: "New tool" })).toHaveCount(0);
    await expect(viewerPage.getByRole("checkbox")).toHaveCount(0); // no selection, so no bulk changes
    await viewerPage.getByRole("link", { name: TOOL }).click();
    await expect(viewerPage.getByRole("heading", { name: TOOL })).toBeVisible();
    await expect(viewerPage.getByLabel("Description", { exact: true })).toBeDisabled();
    await expect(viewerPage.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(viewerPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
  });

  await step("the viewer is refused an editor page with 403", viewerPage, async () => {
    const response = await viewerPage.goto(`${owner.base}/import`);
    expect(response?.status()).toBe(403);
    await expect(viewerPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(viewerPage.getByLabel("Tools JSON")).toHaveCount(0);
  });

  await step("the editor edits a tool", editorPage, async () => {
    await editorPage.getByRole("link", { name: new RegExp(catalogName) }).click();
    await expect(editorPage.getByRole("link", { name: "Import", exact: true })).toBeVisible();
    await editorPage.getByRole("link", { name: TOOL }).click();
    await editorPage.getByLabel("Description", { exact: true }).fill(NEW_DESCRIPTION);
    await editorPage.getByRole("button", { name: "Save" }).click();
    await expect(editorPage.getByText("Saved — revision 2.")).toBeVisible();
  });

  await step("the owner sees the editor's change in the tool's history", page, async () => {
    await page.goto(owner.base);
    await page.getByRole("link", { name: TOOL }).click();
    await expect(page.getByLabel("Description", { exact: true })).toHaveValue(NEW_DESCRIPTION);
    await page.getByRole("link", { name: "Tool history" }).click();
    await expect(page.getByRole("heading", { name: `History of ${TOOL}` })).toBeVisible();
    const latest = page.getByRole("list", { name: "History" }).getByRole("listitem").first();
    await expect(latest).toContainText(`${email(editorName)} changed the description of tool ${TOOL}`);
    await expect(latest).toContainText("revision 2");
    await expect(latest.getByText(NEW_DESCRIPTION)).toBeVisible();
  });

  await editorPage.context().close();
  await viewerPage.context().close();
});
