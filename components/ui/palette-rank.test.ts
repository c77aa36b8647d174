import { describe, expect, it } from "vitest";
import { type PaletteEntry, rankPalette } from "./palette-rank";

const entry = (id: string, ...names: string[]): PaletteEntry => ({ id, label: names[0]!, kind: "", href: id, names });

describe("rankPalette", () => {
  const entries = [
    entry("desk-history", "Support desk History"),
    entry("history-catalog", "History Tools", "History"),
    entry("tool-inbox-status", "crm.read_inbox_status", "read_inbox_status"),
    entry("tool-inbox", "crm.read_inbox", "read_inbox"),
  ];

  it("puts an exact name first, whatever the order it was listed in", () => {
    expect(rankPalette(entries, "History")[0]!.id).toBe("history-catalog");
    expect(rankPalette(entries, "crm.read_inbox")[0]!.id).toBe("tool-inbox");
    expect(rankPalette(entries, "READ_INBOX")[0]!.id).toBe("tool-inbox");
  });

  it("matches words in any order and drops what does not match", () => {
    expect(rankPalette(entries, "inbox read").map((e) => e.id)).toEqual(["tool-inbox-status", "tool-inbox"]);
    expect(rankPalette(entries, "zzz")).toEqual([]);
  });

  it("keeps the listed order for an empty search", () => {
    expect(rankPalette(entries, " ").map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });
});
