import { expect, type Page } from "@playwright/test";

/** Calls a tRPC procedure over HTTP as the signed-in browser user (superjson wire format, same-origin). */
export async function trpc<T = unknown>(
  page: Page,
  path: string,
  input: unknown,
  kind: "query" | "mutation" = "mutation",
): Promise<T> {
  const origin = new URL(page.url()).origin;
  const url = `${origin}/api/trpc/${path}`;
  const response =
    kind === "query"
      ? await page.request.get(`${url}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
      : await page.request.post(url, {
          data: { json: input },
          headers: { origin, "content-type": "application/json" },
        });
  const body = (await response.json()) as { result?: { data: { json: T } }; error?: { json: { message: string } } };
  expect(response.ok(), body.error?.json.message).toBe(true);
  return body.result!.data.json;
}

const param = (name: string, description: string) => ({
  type: "object",
  properties: { [name]: { type: "string", description } },
  required: [name],
});

/** A small support catalog (codex-bm25: plain BM25, so the test's expectations are easy to reason about). */
export const SUPPORT_TOOLS = [
  {
    name: "lookup_customer",
    description: "Find a customer profile by email.",
    inputSchema: param("email", "Customer email"),
  },
  {
    name: "send_invoice",
    description: "Send an invoice to a customer.",
    inputSchema: param("invoice_id", "Invoice to send"),
  },
  { name: "refund_order", description: "Refund a paid order.", inputSchema: param("order_id", "Order to refund") },
  {
    name: "read_inbox",
    description: "Read the latest messages in the inbox.",
    inputSchema: param("folder", "Mailbox folder"),
  },
  { name: "get_forecast", description: "Weather forecast for a city.", inputSchema: param("city", "City name") },
];

/** Creates catalog `slug` in the user's team with `profile` and imports SUPPORT_TOOLS into namespace `crm` (a draft). */
export async function createSupportCatalog(page: Page, team: string, slug: string, engineProfile = "codex-bm25") {
  await trpc(page, "catalog.create", { team, name: "Support desk", slug, engineProfile, defaultLimit: 5 });
  const text = JSON.stringify({ tools: SUPPORT_TOOLS });
  const options = { namespace: "crm", mcpServer: null, exposure: "deferred" };
  const preview = await trpc<{ fingerprint: string }>(page, "import.preview", { team, catalog: slug, text, options });
  await trpc(page, "import.commit", { team, catalog: slug, text, options, fingerprint: preview.fingerprint });
}

/** Creates catalog `slug` in the user's team, imports SUPPORT_TOOLS into namespace `crm`, and publishes version 1. */
export async function createPublishedCatalog(page: Page, team: string, slug: string) {
  await createSupportCatalog(page, team, slug);
  const published = await trpc<{ version: number }>(page, "review.publish", {
    team,
    catalog: slug,
    note: "first version",
  });
  expect(published.version).toBe(1);
}
