import { expect, test } from "./fixtures";

// A tools/list as MCP servers send it: behaviour hints in annotations, an output schema, and no namespace description.
const doc = {
  tools: [
    {
      name: "delete_file",
      title: "Delete a file",
      description: "Delete a file from the workspace.",
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      outputSchema: { type: "object", properties: { deleted: { type: "boolean" } } },
      annotations: {
        title: "Delete file",
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
  ],
};

test("an imported tool shows its MCP hints as badges, and a deferred namespace without a description is flagged", async ({
  page,
  newCatalog,
}) => {
  const { base } = newCatalog;
  await page.goto(`${base}/import`);
  await page
    .getByLabel("Upload a JSON file")
    .setInputFiles({ name: "files.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(doc)) });
  await page.getByLabel("Namespace for tools without one").fill("files");
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("button", { name: "Import 1 tool" }).click();
  await page.getByRole("link", { name: "Back to the tools" }).click();
  await page.getByRole("table", { name: "Tools" }).getByRole("link", { name: "files.delete_file" }).click();

  const metadata = page.getByLabel("MCP metadata");
  for (const badge of ["read-only", "destructive", "idempotent", "open world", "output schema"])
    await expect(metadata.getByText(badge, { exact: true })).toBeVisible();
  await expect(metadata.getByText("Display title (annotations.title): Delete file")).toBeVisible();
  await expect(page.getByLabel("MCP title")).toHaveValue("Delete a file"); // annotations.title is not the tool's title

  await page.goto(`${base}/namespaces`);
  await expect(
    page
      .getByLabel("Namespace files")
      .getByText(/No description: on turn one the model reads only this about its 1 deferred tool,/),
  ).toBeVisible();
});
