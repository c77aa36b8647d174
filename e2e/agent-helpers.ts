import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";

/** A new account (with its own team) as a signed-in API context. */
export async function signUpApi(
  baseURL: string,
  prefix: string,
): Promise<{ api: APIRequestContext; team: string; email: string }> {
  const name = `${prefix}-${randomBytes(3).toString("hex")}`;
  const email = `${name}@example.test`;
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await api.post("/api/auth/sign-up/email", { data: { name, email, password: "agent e2e password" } });
  expect(response.status(), await response.text()).toBe(200);
  const [team] = (await trpcQuery<Array<{ slug: string }>>(api, "team.mine", undefined)) ?? [];
  return { api, team: team!.slug, email };
}

export async function trpc<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await api.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

export async function trpcQuery<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await api.get(`/api/trpc/${procedure}${query}`);
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

const fn = (name: string, description: string) => ({
  type: "function",
  name,
  description,
  parameters: { type: "object", properties: { id: { type: "string", description: `${name} target` } } },
});

/** OpenAI Responses tools: two namespaces of deferred tools and one direct tool. */
export const SAMPLE_TOOLS = [
  {
    type: "namespace",
    name: "crm",
    description: "Customer profile and order tools.",
    tools: [
      { ...fn("list_open_orders", "List open orders by customer ID."), defer_loading: true },
      { ...fn("refund_order", "Refund an order to the original payment method."), defer_loading: true },
    ],
  },
  {
    type: "namespace",
    name: "calendar",
    description: "Calendar and meeting tools.",
    tools: [
      { ...fn("create_event", "Schedule a meeting on the calendar."), defer_loading: true },
      fn("ping_calendar", "Check that the calendar service is up."),
    ],
  },
];

/** Imports OpenAI-format tools (all or nothing) into the catalog. */
export async function importTools(
  api: APIRequestContext,
  scope: { team: string; catalog: string },
  tools: unknown[],
  exposure: "deferred" | "direct" = "deferred",
) {
  const text = JSON.stringify(tools);
  const options = { namespace: null, mcpServer: null, exposure };
  const preview = await trpc<{ fingerprint: string }>(api, "import.preview", { ...scope, text, options });
  return trpc<{ created: number; skipped: number }>(api, "import.commit", {
    ...scope,
    text,
    options,
    fingerprint: preview.fingerprint,
    skipInvalid: true,
  });
}

/** An owner with a catalog of SAMPLE_TOOLS published as version 1, and a way to mint agent tokens for it. */
export async function publishedCatalog(baseURL: string, prefix: string) {
  const owner = await signUpApi(baseURL, prefix);
  const catalog = await trpc<{ slug: string; name: string }>(owner.api, "catalog.create", {
    team: owner.team,
    name: `Agents ${randomBytes(2).toString("hex")}`,
  });
  const scope = { team: owner.team, catalog: catalog.slug };
  await importTools(owner.api, scope, SAMPLE_TOOLS);
  const v1 = await trpc<{ version: number; contentHash: string }>(owner.api, "review.publish", {
    ...scope,
    note: "first",
  });
  const token = async (name: string) =>
    trpc<{ token: { id: string }; secret: string }>(owner.api, "token.create", { ...scope, name });
  return { owner, catalog, scope, v1, token, base: `/api/v1/catalogs/${scope.team}/${scope.catalog}/snapshots` };
}

export async function agentContext(
  baseURL: string,
  secret: string,
  headers: Record<string, string> = {},
): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}`, ...headers } });
}
