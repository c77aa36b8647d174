// Test helpers for the playground tests: a small catalog with clear winners, and a way to publish it.
import type { Catalog, Prisma, PrismaClient, Team } from "@prisma/client";
import { createCatalog, createTeamWithMembers, createTools } from "./factories";
import { publishSnapshot } from "../services/review/publish-snapshot";

const param = (name: string, description: string) => ({
  type: "object",
  properties: { [name]: { type: "string", description } },
  required: [name],
});

export const PLAYGROUND_TOOLS = [
  {
    namespace: "crm",
    name: "list_open_orders",
    description: "List open orders for a customer.",
    parameters: param("customer_id", "Customer ID"),
  },
  {
    namespace: "crm",
    name: "refund_order",
    description: "Refund a paid order to the customer.",
    parameters: param("order_id", "Order to refund"),
  },
  {
    namespace: "crm",
    name: "lookup_customer",
    description: "Find a customer profile by email.",
    parameters: param("email", "Customer email"),
  },
  {
    namespace: "mail",
    name: "send_email",
    description: "Send an email message to a recipient.",
    parameters: param("to", "Recipient address"),
  },
  {
    namespace: "mail",
    name: "read_inbox",
    description: "Read the latest messages in the inbox.",
    parameters: param("folder", "Mailbox folder"),
  },
  {
    namespace: "weather",
    name: "get_forecast",
    description: "Weather forecast for a city.",
    parameters: param("city", "City name"),
  },
  {
    namespace: "ops",
    name: "restart_server",
    description: "Restart a server that stopped answering.",
    exposure: "direct" as const,
  },
  { name: "archive_orders", description: "Archive old orders (admin only).", exposure: "hidden" as const },
];

export async function seedPlaygroundCatalog(db: PrismaClient, data: Partial<Prisma.CatalogUncheckedCreateInput> = {}) {
  const members = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, members.team.id, data);
  const tools = await createTools(db, catalog.id, PLAYGROUND_TOOLS);
  return { ...members, catalog, tools, input: { team: members.team.slug, catalog: catalog.slug } };
}

/** Publishes the current draft through the real publishing service; returns the stored snapshot JSON. */
export async function publishDraft(db: PrismaClient, team: Team, catalog: Catalog, version: number) {
  const fresh = await db.catalog.findUniqueOrThrow({ where: { id: catalog.id } });
  const summary = await publishSnapshot({
    db,
    team,
    catalog: fresh,
    actor: { id: null, label: "test" },
    note: `v${version}`,
  });
  if (summary.version !== version) throw new Error(`expected to publish version ${version}, got ${summary.version}`);
  const row = await db.snapshot.findUniqueOrThrow({
    where: { catalogId_version: { catalogId: catalog.id, version } },
    select: { payload: true },
  });
  return row.payload;
}

/** Bumps a tool the way an edit does (revision + 1) with new search-text settings. */
export async function editSearchText(
  db: PrismaClient,
  catalogId: string,
  key: string,
  data: Pick<Prisma.ToolUpdateInput, "searchTextMode" | "searchTextExtra" | "searchTextOverride">,
) {
  return db.tool.update({
    where: { catalogId_key: { catalogId, key } },
    data: { ...data, revision: { increment: 1 } },
  });
}
