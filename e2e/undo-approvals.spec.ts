import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { importHelpdesk, JOURNEY_TIMEOUT, ownerWithCatalog } from "./fixtures/journey";
import { signUpThroughInvite } from "./helpers";
import { trpc } from "./playground-helpers";

// Issue 35, items 6 and 7: every change can be undone, and a catalog can require four eyes before publishing.
const TOOL = "helpdesk.get_customer";
const OTHER = "helpdesk.merge_customers";

test("undo a deleted tool from its toast; reset the draft to version 1 from Snapshots", async ({ page }) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  const { scope, base } = await ownerWithCatalog(page, `Undo ${randomBytes(2).toString("hex")}`);
  await importHelpdesk(page, scope);
  await trpc(page, "review.publish", { ...scope, note: "Helpdesk tools" });

  await page.goto(base);
  await expect(page.getByText("10 tools", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: TOOL }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete tool" }).click();
  await expect(page.getByText(`Deleted ${TOOL}`)).toBeVisible();
  await expect(page.getByText("9 tools", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Change reverted")).toBeVisible();
  await expect(page.getByRole("heading", { name: TOOL })).toBeVisible(); // back, with its id: its page opens again

  // A deletion kept this time; the draft now differs from version 1 by one tool.
  await page.goto(base);
  await page.getByRole("link", { name: OTHER }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete tool" }).click();
  await expect(page.getByText("9 tools", { exact: true })).toBeVisible();

  await page.goto(`${base}/snapshots`);
  await page.getByRole("button", { name: "Reset draft to version 1" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reset the draft to version 1?" });
  await expect(dialog.getByLabel("What will change")).toContainText("1 tool brought back");
  await expect(dialog.getByLabel("What will change")).toContainText(OTHER);
  await dialog.getByRole("button", { name: "Reset", exact: true }).click();
  await expect(page.getByText("Reset the draft to version 1")).toBeVisible();

  await page.goto(`${base}/review`);
  await expect(page.getByText("The draft is identical to the latest version")).toBeVisible();
  await page.goto(`${base}/history`);
  const entry = page.getByRole("list", { name: "History" }).getByRole("listitem").first();
  await expect(entry).toContainText("reset the draft to version 1");
  await expect(entry).toContainText("1 created");
  await expect(entry.getByRole("button", { name: "Revert" })).toBeVisible();
  // The deletion before it is headed by the deletion, the upstream copy it kept folded under it.
  const deletion = page.getByRole("list", { name: "History" }).getByRole("listitem").nth(1);
  await expect(deletion.locator("p").first()).toContainText(`deleted tool ${OTHER}`);
  await expect(deletion.locator("summary")).toHaveText("Details");
  await expect(deletion.getByRole("button", { name: "Revert" })).toBeVisible();
});

test("four eyes: the owner requires approval, an editor asks to publish, the owner approves", async ({
  page,
  browser,
}) => {
  test.setTimeout(2 * JOURNEY_TIMEOUT); // two people in two browsers
  const id = randomBytes(3).toString("hex");
  const { scope, base } = await ownerWithCatalog(page, `Four eyes ${id}`);
  await importHelpdesk(page, scope);

  await page.goto(`${base}/settings`);
  await page.getByRole("checkbox", { name: /Require approval before publishing/ }).check();
  await expect(page.getByText("Publishing now needs another member’s approval")).toBeVisible();

  const editorName = `editor-${id}`;
  const { link } = await trpc<{ link: string }>(page, "team.invite", {
    team: scope.team,
    email: `${editorName}@example.test`,
    role: "editor",
  });
  const editor = await (await browser.newContext()).newPage();
  await signUpThroughInvite(editor, link, editorName);
  await editor.goto(`${base}/review`);
  const publish = editor.getByRole("region", { name: "Publish" });
  await publish.getByLabel("Release note").fill("First helpdesk release");
  await publish.getByRole("button", { name: "Ask to publish version 1" }).click();
  await expect(publish.getByText("Waiting for approval by another editor or owner.")).toBeVisible();
  await expect(publish.getByRole("button", { name: "Approve and publish" })).toHaveCount(0);

  await page.goto(`${base}/review`);
  const ownerView = page.getByRole("region", { name: "Publish" });
  await expect(ownerView).toContainText(`${editorName}@example.test asked to publish`);
  await ownerView.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByText("Approved: published version 1")).toBeVisible();

  await page.goto(`${base}/history`);
  const history = page.getByRole("list", { name: "History" });
  await expect(history).toContainText(`approved the publish request of ${editorName}@example.test`);
  await expect(history).toContainText(`${editorName}@example.test asked to publish the draft`);
  await page.goto(`${base}/snapshots`);
  await expect(page.getByRole("row", { name: "Version 1" })).toContainText("First helpdesk release");
});
