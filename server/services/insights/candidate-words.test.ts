import { describe, expect, it } from "vitest";
import { candidateWords, trafficStats } from "./candidate-words";

const toolTexts = new Map([
  ["billing.refund", "refund a payment to the customer"],
  ["billing.invoice", "create an invoice for a customer"],
  ["ops.restart", "restart a server"],
]);

describe("candidateWords", () => {
  it("suggests words that tell the tool apart, not words other tools' requests share", () => {
    const requestsByTool = new Map([
      ["billing.refund", ["please give the money back", "money back now", "quickly reverse the charge"]],
      ["billing.invoice", ["please bill them quickly", "quickly send a bill please"]],
      ["ops.restart", ["reboot the box quickly please"]],
    ]);
    const words = candidateWords("billing.refund", trafficStats({ toolTexts, requestsByTool }, "stockroom")).map(
      (c) => c.word,
    );
    expect(words).toContain("money");
    expect(words).toContain("reverse");
    // Mostly in other tools' requests (3 of 4): added here they would lift the refund tool above those tools.
    expect(words).not.toContain("quickly");
    expect(words).not.toContain("please");
    // Placeholders of redaction never come back; a word the tool's text has already comes back marked, when the
    // requests that pick this tool use it and no other tool's text has it (once more in the text, it weighs more).
    const more = new Map([["billing.refund", ["refunds for [email] chargeback", "a customer refund"]]]);
    expect(
      candidateWords("billing.refund", trafficStats({ toolTexts, requestsByTool: more }, "stockroom")).map((c) => [
        c.word,
        c.inText,
      ]),
    ).toEqual([
      ["refunds", true],
      ["chargeback", false],
    ]);
  });
});
