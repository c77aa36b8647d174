// docs/agents.md's "Sending events yourself" example is a batch the events endpoint accepts (issue 41 item 12).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { eventBatchSchema } from "@/domain/agent-events";

describe("docs/agents.md events example", () => {
  it("is a valid event batch of a search, the call after it and its outcome", () => {
    const doc = readFileSync("docs/agents.md", "utf8");
    const from = doc.indexOf("**Sending events yourself**");
    expect(from).toBeGreaterThan(0);
    const json = /```json\n([\s\S]*?)```/.exec(doc.slice(from))?.[1];
    const batch = eventBatchSchema.parse(JSON.parse(json ?? "null"));
    expect(batch.events.map((e) => e.type)).toEqual(["search", "call", "outcome"]);
    expect(doc.slice(from)).toContain("/events");
  });
});
