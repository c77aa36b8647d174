import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../testing/factories";
import { useAgentApiServer } from "../testing/use-agent-api-server";

/** One request on a keep-alive agent with a single socket, so every request reuses the connection before it. */
function send(agent: Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { agent, method: init.method ?? "GET", headers: init.headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/**
 * Issue 33, item 7 (found by fuzz-endpoints.test.ts): an answer given before the body was read (a refused origin,
 * a body over the limit) left the rest of the body on a kept-alive socket, and the client's next request on that
 * socket was reset. Such an answer now closes its connection; the next request gets its own and is answered.
 */
describe("a request refused before its body was read does not break the connection after it", () => {
  const api = useAgentApiServer({ trpc: true });
  const { db } = api;

  it("tRPC (cross-site POST) and the agent API (events body over the limit)", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const { secret } = await callerFor(db, people.owner).token.create({
      team: people.team.slug,
      catalog: catalog.slug,
      name: "reuse",
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const big = `{"json":"${"x".repeat(2_000_000)}"}`;
    const trpc = `${api.baseUrl()}/api/trpc/tool.create`;
    const cookieFromElsewhere = {
      cookie: "a=b",
      origin: "https://elsewhere.example",
      "content-type": "application/json",
    };
    const events = `${api.baseUrl()}/api/v1/catalogs/${people.team.slug}/${catalog.slug}/events`;
    const bearer = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(await send(agent, trpc, { method: "POST", headers: cookieFromElsewhere, body: big }));
      statuses.push(await send(agent, `${api.baseUrl()}/api/trpc/account.me`, {}));
      statuses.push(await send(agent, events, { method: "POST", headers: bearer, body: big }));
      statuses.push(await send(agent, `${api.baseUrl()}/api/trpc/account.me`, {}));
    }
    agent.destroy();
    expect(statuses).toEqual([403, 401, 413, 401, 403, 401, 413, 401, 403, 401, 413, 401]);
  });
});
