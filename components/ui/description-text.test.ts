import { describe, expect, it } from "vitest";
import { firstParagraph, hasMoreThanFirstParagraph } from "./description-text";

describe("firstParagraph", () => {
  it("shows the text whatever it starts with", () => {
    expect(firstParagraph("\nSearch the web.\n\nArgs: query")).toBe("Search the web.");
    expect(firstParagraph("\n\n   Create an issue\n   in a repository.\n\nMore.")).toBe(
      "Create an issue in a repository.",
    );
    expect(firstParagraph("One line.")).toBe("One line.");
    expect(firstParagraph("   \n  ")).toBe("");
  });

  it("knows when there is more to show", () => {
    expect(hasMoreThanFirstParagraph("\nSearch the web.\n\nArgs: query")).toBe(true);
    expect(hasMoreThanFirstParagraph("\nSearch the web.\n")).toBe(false);
    expect(hasMoreThanFirstParagraph("x".repeat(200))).toBe(true);
  });
});
