import { expect, type Page } from "@playwright/test";
import { connect } from "../sdk/index";
import { signUpNewUser } from "./helpers";
import { createPublishedCatalog, trpc } from "./playground-helpers";

/** An SDK agent's two searches on catalog `support` (the first answered with nothing), each followed by a successful refund call. */
export async function runAgent(baseURL: string, secret: string, team: string) {
  const agent = await connect({
    url: baseURL,
    token: secret,
    team,
    catalog: "support",
    telemetry: { conversationId: "conv-e2e", flushIntervalMs: 600_000 },
  });
  const empty = agent.answerToolSearchCall({ call_id: "s-1", arguments: { query: "give my money back" } });
  expect(empty.tools).toEqual([]);
  agent.observe([{ type: "function_call", call_id: "fc-1", namespace: "crm", name: "refund_order", arguments: "{}" }]);
  agent.recordOutcome("fc-1", { ok: true });
  agent.answerToolSearchCall({ call_id: "s-2", arguments: { query: "money back for a paid order" } });
  agent.observe({
    output: [{ type: "function_call", call_id: "fc-2", namespace: "crm", name: "refund_order", arguments: "{}" }],
  });
  agent.recordOutcome("fc-2", { ok: true });
  await agent.close();
  expect(agent.telemetryStats()).toMatchObject({ sent: 6, queued: 0, rejected: 0 });
}

/** A new user's published catalog `support` whose agent (runAgent, through a token of its own) reported events. */
export async function catalogWithAgentEvents(page: Page, baseURL: string) {
  const { team } = await signUpNewUser(page);
  await createPublishedCatalog(page, team, "support");
  const { secret } = await trpc<{ secret: string }>(page, "token.create", { team, catalog: "support", name: "agent" });
  await runAgent(baseURL, secret, team);
  return { team };
}
