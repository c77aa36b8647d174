import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { AGENT_ROUTE_SPECS } from "../domain/agent-api/routes";

/**
 * The isolation matrix over real HTTP: every page and API route file under app/ (found on disk, so
 * a new one cannot be forgotten) and every endpoint of the agent route table is requested as a signed-out
 * visitor, a member of another team, a viewer, an editor, an owner, and with agent tokens; each gets the
 * right status and nothing leaks.
 */
function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "page.tsx" || name === "route.ts" ? [full] : [];
  });
}
/** The agent API's endpoints, from its route table (one catch-all route file serves them all), named as route files. */
const AGENT_ENDPOINTS = AGENT_ROUTE_SPECS.map((spec) => `${spec.path.slice(1).replace(/\{(\w+)\}/g, "[$1]")}/route.ts`);
const FILES = [...routeFiles("app").map((f) => path.relative("app", f).split(path.sep).join("/")), ...AGENT_ENDPOINTS];

type Who = "signedOut" | "stranger" | "viewer" | "editor" | "owner" | "agent" | "otherAgent";
const WHO: Who[] = ["signedOut", "stranger", "viewer", "editor", "owner", "agent", "otherAgent"];

test.describe.configure({ mode: "serial" });

let ctx: Record<Who, APIRequestContext>;
let scope: { team: string; catalog: string; toolId: string };
let secrets: { agent: string; other: string };

async function signUp(baseURL: string, name: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await api.post("/api/auth/sign-up/email", {
    data: { name, email: `${name}@example.test`, password: "isolation pass 1" },
  });
  expect(response.status()).toBe(200);
  return api;
}
async function trpc<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await api.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

async function firstTeamOf(api: APIRequestContext): Promise<string> {
  const [team] = await (await api.get(`/api/trpc/team.mine`))
    .json()
    .then((b) => b.result.data.json as Array<{ slug: string }>);
  return team!.slug;
}

async function tokenFor(api: APIRequestContext, team: string, catalog: string, name: string): Promise<string> {
  return (await trpc<{ secret: string }>(api, "token.create", { team, catalog, name })).secret;
}

/** Joining takes the invite link, existing accounts included. */
async function invite(
  owner: APIRequestContext,
  team: string,
  suffix: string,
  members: Record<"viewer" | "editor", APIRequestContext>,
) {
  for (const [role, member] of Object.entries(members)) {
    const { link } = await trpc<{ link: string }>(owner, "team.invite", {
      team,
      email: `iso-${role}-${suffix}@example.test`,
      role,
    });
    await trpc(member, "team.acceptInvitation", { token: link.split("/invite/")[1] });
  }
}

/** The owner's catalog with one deferred tool, published as version 1. */
async function publishedCatalogOf(owner: APIRequestContext, team: string) {
  const catalog = await trpc<{ slug: string }>(owner, "catalog.create", { team, name: "Isolation" });
  const tool = await trpc<{ id: string }>(owner, "tool.create", {
    team,
    catalog: catalog.slug,
    tool: {
      name: "list_orders",
      namespace: "crm",
      description: "List open orders.",
      exposure: "deferred",
      parameters: { type: "object", properties: {} },
    },
  });
  await trpc(owner, "review.publish", { team, catalog: catalog.slug, note: "v1" });
  return { catalog: catalog.slug, toolId: tool.id };
}

const withBearer = (baseURL: string, secret: string) =>
  playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });

test.beforeAll(async ({ baseURL }) => {
  const suffix = Date.now().toString(36);
  const owner = await signUp(baseURL!, `iso-owner-${suffix}`);
  const viewer = await signUp(baseURL!, `iso-viewer-${suffix}`);
  const editor = await signUp(baseURL!, `iso-editor-${suffix}`);
  const stranger = await signUp(baseURL!, `iso-stranger-${suffix}`);
  const team = await firstTeamOf(owner);
  await invite(owner, team, suffix, { viewer, editor });
  const { catalog, toolId } = await publishedCatalogOf(owner, team);
  secrets = { agent: await tokenFor(owner, team, catalog, "iso"), other: "" };
  const strangerTeam = await firstTeamOf(stranger);
  const strangerCatalog = await trpc<{ slug: string }>(stranger, "catalog.create", {
    team: strangerTeam,
    name: "Elsewhere",
  });
  secrets.other = await tokenFor(stranger, strangerTeam, strangerCatalog.slug, "other");
  scope = { team, catalog, toolId };
  ctx = {
    signedOut: await playwrightRequest.newContext({ baseURL }),
    stranger,
    viewer,
    editor,
    owner,
    agent: await withBearer(baseURL!, secrets.agent),
    otherAgent: await withBearer(baseURL!, secrets.other),
  };
});

function urlOf(file: string): string | null {
  const route = file.replace(/\/?(page\.tsx|route\.ts)$/, "");
  if (route.includes("[...all]")) return null; // better-auth's own endpoints: public by design, tested in create-auth.test.ts
  const filled = route
    .replace("[team]", scope.team)
    .replace("[catalog]", scope.catalog)
    .replace("[id]", scope.toolId)
    .replace("[version]", "1")
    .replace("[...path]", "no-such-route")
    .replace("[trpc]", "catalog.list");
  const url = `/${filled}`;
  return url.endsWith("catalog.list")
    ? `${url}?input=${encodeURIComponent(JSON.stringify({ json: { team: scope.team } }))}`
    : url;
}

/** The body of a POST-only agent endpoint (a valid one, so the answer is about who asks), or null for a GET. */
function postBodyOf(file: string): Record<string, unknown> | null {
  if (!file.startsWith("api/v1/")) return null;
  if (file.includes("/import/")) return { source: { tools: [] } };
  if (file.includes("/sync/")) return { document: { tools: [] } };
  if (file.includes("/search/")) return { query: "orders" };
  if (file.includes("/events/"))
    return { events: [{ type: "search", id: `iso-${Date.now()}-${Math.random()}`, query: "orders", hits: [] }] };
  return null;
}

function expected(file: string, who: Who): number[] {
  const isMember = who === "viewer" || who === "editor" || who === "owner";
  if (file.startsWith("api/v1/")) {
    if (file.includes("openapi.json")) return [200];
    if (file.includes("[...path]")) return who === "agent" || who === "otherAgent" ? [404] : [401, 404];
    // A read token cannot import, read a namespace's source or sync it (the import scope).
    if (file.includes("/import/") || file.includes("/namespaces/"))
      return who === "agent" || who === "otherAgent" ? [403] : [401];
    if (who === "agent") return file.includes("/events/") ? [202] : [200];
    if (who === "otherAgent") return [403];
    return [401];
  }
  if (file.startsWith("api/trpc/")) return isMember ? [200] : who === "stranger" ? [404] : [401];
  if (file.startsWith("t/[team]/")) {
    const isRoute = file.endsWith("route.ts"); // downloads: answer 401 rather than redirect
    if (!isMember) return who === "stranger" ? [404] : isRoute ? [401] : [307];
    const editorPage = file.includes("/import/") || file.includes("/tools/new/");
    return editorPage && who === "viewer" ? [403] : [200];
  }
  if (file === "page.tsx") return [307];
  // Anyone's own account page: a session sees it, everyone else is sent to sign in.
  if (file === "account/page.tsx") return isMember || who === "stranger" ? [200] : [307];
  if (file === "favicon.ico/route.ts") return [308]; // to the SVG icon, for everyone
  return [200]; // sign-in, sign-up, docs
}

test("every page and API route answers each caller as it should", async () => {
  expect(FILES.length).toBeGreaterThan(15);
  const failures: string[] = [];
  for (const file of FILES) {
    const url = urlOf(file);
    if (!url) continue;
    for (const who of WHO) {
      // The import, search and events endpoints take POST only (GET answers 405); the rest is read with GET.
      const body = postBodyOf(file);
      const response = body
        ? await ctx[who].post(url, { data: body, maxRedirects: 0 })
        : await ctx[who].get(url, { maxRedirects: 0 });
      const status = response.status();
      const want = expected(file, who);
      if (!want.includes(status))
        failures.push(`${who.padEnd(10)} ${body ? "POST" : "GET"} ${url} → ${status}, want ${want.join(" or ")}`);
      const signedIn = who === "stranger" || who === "viewer" || who === "editor" || who === "owner";
      if (status === 307 && !signedIn && !(response.headers().location ?? "").includes("/sign-in"))
        failures.push(`${who} GET ${url} redirected to ${response.headers().location}`);
      if (who === "stranger" || who === "otherAgent" || who === "signedOut") {
        const body = await response.text();
        if (body.includes("list_orders") || body.includes("Isolation</"))
          failures.push(`${who} GET ${url} leaked catalog content`);
      }
    }
  }
  expect(failures).toEqual([]);
});
