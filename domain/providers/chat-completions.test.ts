// The Chat Completions deferred loop driven with items typed as the official `openai` package's Chat Completions
// types (no network: the model's turns are written out as the API returns them).
import type {
  ChatCompletion,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { StockroomCatalog } from "../../sdk/catalog";
import { CHAT_TOOL_SEARCH_NAME } from "./chat-completions";
import { sealSnapshot, SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "../snapshot/verify";

function tool(id: string, exposure: "direct" | "deferred", description: string): SnapshotTool {
  const [namespace, name] = id.includes(".") ? (id.split(".") as [string, string]) : [null, id];
  const parameters = { type: "object", properties: { id: { type: "string" } }, required: ["id"] };
  return {
    id,
    namespace,
    name,
    exposure,
    fallback: "hidden",
    searchText: `${name.replace(/_/g, " ")} ${description}`,
    spec: { type: "function", name, description, parameters, strict: false },
  };
}

const CONTENT: SnapshotContent = {
  format: SNAPSHOT_FORMAT,
  catalog: { team: "acme", slug: "support", name: "Support" },
  engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 2 },
  namespaces: [
    { name: "crm", description: "Orders and customers." },
    { name: "mail", description: "Mail." },
  ],
  tools: [
    tool("crm.refund_order", "deferred", "Refund an order to the customer's card."),
    tool("crm.list_orders", "deferred", "List a customer's orders."),
    tool("crm.lookup_customer", "deferred", "Look up a customer by email."),
    tool("echo", "direct", "Echo the input back."),
    tool("mail.send_email", "deferred", "Send an email to a customer."),
  ],
};

async function catalog() {
  return new StockroomCatalog(
    { url: "http://unused", token: "unused", team: "acme", catalog: "support" },
    await sealSnapshot(CONTENT, 1, "2026-01-01T00:00:00.000Z"),
    "network",
  );
}

/** An assistant turn as `client.chat.completions.create` returns it. */
function completion(calls: Array<{ id: string; name: string; arguments: string }>): ChatCompletion {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "deepseek-chat",
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        logprobs: null,
        message: {
          role: "assistant",
          content: null,
          refusal: null,
          tool_calls: calls.map(({ id, ...fn }) => ({ id, type: "function", function: fn })),
        },
      },
    ],
  };
}

describe("Chat Completions deferred loading", () => {
  it("sends tool_search on turn one, answers it with names and descriptions, and loads the schemas next turn", async () => {
    const session = (await catalog()).chatSession();
    const turnOne: ChatCompletionTool[] = session.tools();
    expect(turnOne.map((t) => (t.type === "function" ? t.function.name : t.type))).toEqual([
      "echo",
      CHAT_TOOL_SEARCH_NAME,
    ]);
    const search = turnOne[1]!;
    expect(search.type === "function" && search.function.description).toContain("crm: Orders and customers.");

    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Refund order 42" }];
    const reply = completion([{ id: "call_1", name: "tool_search", arguments: '{"query":"refund an order"}' }])
      .choices[0]!.message;
    messages.push(reply);
    for (const call of reply.tool_calls ?? []) {
      if (call.type !== "function" || !session.isToolSearchCall(call)) continue;
      const answer = session.answerToolCall(call);
      const message: ChatCompletionToolMessageParam = answer.message;
      messages.push(message);
      expect(answer.loaded[0]).toBe("crm.refund_order");
      expect(JSON.parse(message.content as string).tools[0]).toEqual({
        name: "refund_order",
        description: "Refund an order to the customer's card.",
      });
    }
    const turnTwo: ChatCompletionTool[] = session.tools();
    const refund = turnTwo.find((t) => t.type === "function" && t.function.name === "refund_order");
    expect(refund).toEqual({
      type: "function",
      function: {
        name: "refund_order",
        description: "Refund an order to the customer's card.",
        parameters: CONTENT.tools[0]!.spec.parameters,
      },
    });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);

    // The model now calls the loaded tool by name; the session maps it back to the catalog id.
    const next = completion([{ id: "call_2", name: "refund_order", arguments: '{"id":"42"}' }]).choices[0]!.message
      .tool_calls![0]!;
    expect(next.type === "function" && session.toolIdFor(next.function.name)).toBe("crm.refund_order");
    expect(next.type === "function" && session.isToolSearchCall(next)).toBe(false);
  });

  it("keeps each conversation's loaded set bounded and says what it dropped", async () => {
    const agent = await catalog();
    const session = agent.chatSession({ maxLoaded: 2 });
    const other = agent.chatSession();
    session.answerToolCall({
      id: "a",
      function: { name: "tool_search", arguments: '{"query":"refund order","limit":1}' },
    });
    session.answerToolCall({
      id: "b",
      function: { name: "tool_search", arguments: '{"query":"send email","limit":1}' },
    });
    expect(session.loadedIds()).toEqual(["crm.refund_order", "mail.send_email"]);
    const third = session.answerToolCall({
      id: "c",
      function: { name: "tool_search", arguments: '{"query":"look up customer by email","limit":1}' },
    });
    expect(third.dropped).toEqual(["crm.refund_order"]);
    expect(JSON.parse(third.message.content)).toMatchObject({ dropped: ["refund_order"] });
    expect(session.loadedIds()).toEqual(["mail.send_email", "crm.lookup_customer"]);
    expect(session.tools().map((t) => t.function.name)).toEqual([
      "echo",
      "tool_search",
      "send_email",
      "lookup_customer",
    ]);
    expect(other.loadedIds()).toEqual([]); // conversations do not share loaded tools
  });

  it("never throws for what the model sent and refuses a bad bound", async () => {
    const session = (await catalog()).chatSession();
    for (const args of ["{}", '{"query":"   "}', "[1]", '{"query":3}']) {
      const answer = session.answerToolCall({ id: "x", function: { name: "tool_search", arguments: args } });
      expect(answer.loaded, args).toEqual([]);
      expect(JSON.parse(answer.message.content).note).toMatch(/No tools matched/);
    }
    expect(
      session.answerToolCall({ id: "y", function: { name: "tool_search", arguments: "refund" } }).loaded,
    ).toContain("crm.refund_order");
    expect(() =>
      session.answerToolCall({ id: "z", function: { name: "tool_search", arguments: '{"query":"refund","limit":0}' } }),
    ).not.toThrow();
    expect(() => new (session.constructor as never as new (...a: unknown[]) => unknown)({}, 0)).toThrow(/maxLoaded/);
  });
});
