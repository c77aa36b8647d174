import type { PrismaClient } from "@prisma/client";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "./factories";

/** A small support catalog whose golden queries each have one clear answer, for publishing tests. */
export async function createPublishingFixture(db: PrismaClient) {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id, { name: "Support agent" });
  await createTools(db, catalog.id, [
    {
      namespace: "crm",
      name: "list_open_orders",
      description: "List open orders by customer ID.",
      parameters: { type: "object", properties: { customer_id: { type: "string", description: "Customer ID" } } },
    },
    { namespace: "crm", name: "refund_order", description: "Refund an order payment to the customer." },
    { namespace: "crm", name: "find_customer", description: "Find a customer profile by email address." },
    { namespace: "mail", name: "send_email", description: "Send an email message to a recipient." },
    { namespace: "ops", name: "restart_server", description: "Restart a server.", exposure: "direct" },
  ]);
  const at = { team: people.team.slug, catalog: catalog.slug };
  const editor = callerFor(db, people.editor);
  for (const [query, expected] of [
    ["list open orders", ["crm.list_open_orders"]],
    ["refund a payment", ["crm.refund_order"]],
    ["send an email", ["mail.send_email"]],
    ["customer profile", ["crm.find_customer"]],
    ["set the thermostat", []],
  ] as const) {
    await editor.golden.create({ ...at, query, expected: [...expected] });
  }
  return { ...people, catalog, at, editor, viewer: callerFor(db, people.viewer), owner: callerFor(db, people.owner) };
}

/** Edits a tool's row directly (the tool editor is another router); bumps its revision like a real edit. */
export async function editTool(
  db: PrismaClient,
  catalogId: string,
  key: string,
  data: Parameters<PrismaClient["tool"]["update"]>[0]["data"],
) {
  return db.tool.update({
    where: { catalogId_key: { catalogId, key } },
    data: { ...data, revision: { increment: 1 } },
  });
}
