import { newStemmer } from "snowball-stemmers";
import { describe, expect, it } from "vitest";
import { readJsonl, readShared } from "../testing/shared";
import { analyzerSteps, analyzeText } from "../index";
import { deunicode } from "./deunicode";
import { splitIdentifiers } from "./identifiers";
import { segmentWordsIcu, splitWords } from "./segment";
import { extractEntities } from "./entities";
import { getStemmer } from "./stem";
import { parseThesaurus } from "./synonyms";
import { stockroomEnglishAnalyzer } from "./stockroom-analyzer";
import { VOCABULARY_PACKS } from "../vocabulary/packs";
import { resolveVocabulary } from "../vocabulary/vocabulary";

const relatedTerms = (term: string) => resolveVocabulary().related(term);

describe("deunicode", () => {
  it("reproduces the crate's quirks", () => {
    expect(deunicode("x — a\nb")).toBe("x -- ab"); // control chars vanish after the first non-ASCII char
    expect(deunicode("a\nb")).toBe("a\nb"); // the all-ASCII text is copied unchanged
    expect(deunicode("安排会议")).toBe("An Pai Hui Yi");
    expect(deunicode("🄏中国")).toBe("NonCommercialZhong Guo");
    expect(deunicode("中国x🅶")).toBe("Zhong Guo xG");
    expect(deunicode("☃中 国")).toBe("snowman Zhong Guo");
    expect(deunicode("Æther café 425°F")).toBe("AEther cafe 425degF");
    expect(deunicode("\u{10FFFF}")).toBe("[?]");
  });
});

describe("splitWords (UAX #29 unicode_words)", () => {
  it("follows the word rules the crate uses", () => {
    expect(splitWords("you're 3.14 1,000 a,b owner:repo example.com x1.y2 __init__ _ __ a-b")).toEqual([
      "you're",
      "3.14",
      "1,000",
      "a",
      "b",
      "owner:repo",
      "example.com",
      "x1",
      "y2",
      "__init__",
      "a",
      "b",
    ]);
  });

  it("agrees with Intl.Segmenter on every tool text of the corpus", () => {
    const tools = readJsonl<{ name: string; description: string }>("corpus/tools.jsonl");
    for (const tool of tools) {
      const text = deunicode(`${tool.name} ${tool.description}`).toLowerCase();
      expect(splitWords(text)).toEqual(segmentWordsIcu(text));
    }
  });
});

describe("stockroom analysis", () => {
  it("splits identifiers and keeps camel-cased words whole", () => {
    expect(splitIdentifiers("list_open-orders")).toBe("list open orders");
    expect(splitIdentifiers("GitHub HTTPServer")).toBe("GitHub Git Hub HTTPServer HTTP Server");
    expect(analyzeText("getCurrentTime", "stockroom")).toEqual(["getcurrenttim", "current", "time"]);
  });

  it("reads an acronym's plural as the acronym, not as a camel cut", () => {
    expect(analyzeText("open PRs and VMs", "stockroom")).toEqual(["open", "pr", "vm"]);
    expect(analyzeText("list_PRs", "stockroom")).toEqual(["list", "pr"]);
    expect(analyzeText("HTTPServer", "stockroom")).toEqual(["httpserver", "http", "server"]);
  });

  it("translates Chinese through the glossary and keeps unknown Chinese words", () => {
    const tokens = analyzeText("把这个 PR 合并到主分支", "stockroom");
    expect(tokens).toEqual(expect.arrayContaining(["pr", "merg", "main", "branch"]));
    expect(analyzeText("客厅", "stockroom")).toEqual(["客厅"]);
  });

  it("names its steps", () => {
    expect(analyzerSteps("codex-bm25")).toEqual([
      "deunicode",
      "lowercase",
      "unicode-words",
      "stop-words",
      "stem-english",
    ]);
    expect(analyzerSteps("stockroom")[0]).toBe("nfkc");
  });
});

describe("vendored Snowball stemmers", () => {
  it("stem every word of the corpus and the parity recipes exactly as the snowball-stemmers package", () => {
    const text = [
      readShared("corpus/tools.jsonl"),
      readShared("parity/recipes_en.csv"),
      readShared("parity/recipes_de.csv"),
    ].join(" ");
    const words = [...new Set(text.toLowerCase().match(/\p{L}+/gu) ?? [])];
    expect(words.length).toBeGreaterThan(5000);
    for (const language of ["english", "german"] as const) {
      const vendored = getStemmer(language);
      const original = newStemmer(language);
      const differing = words.filter((word) => vendored(word) !== original.stem(word));
      expect(differing).toEqual([]);
    }
  });
});

describe("typed values in requests", () => {
  it("turns URLs, e-mail addresses, file names, #channels and @users into concept words", () => {
    expect(extractEntities("what does this say? https://youtu.be/dQw4w9WgXcQ?t=1")).toEqual({
      text: "what does this say?  youtu ",
      concepts: ["url"],
    });
    expect(extractEntities("email it to finance@acme.com").concepts).toEqual(["email"]);
    expect(extractEntities("fix style.md and /etc/hosts")).toEqual({
      text: "fix  style md  and   etc hosts ",
      concepts: ["file"],
    });
    expect(extractEntities("post in #incidents and ping @dana").concepts).toEqual(["channel", "user"]);
    expect(extractEntities("what does the README say?")).toEqual({
      text: "what does the  README  say?",
      concepts: ["file"],
    });
    expect(extractEntities("add node_modules to .gitignore").concepts).toEqual(["file"]);
    expect(extractEntities("renew the license key").concepts).toEqual([]);
  });

  it("drops quoted values and the name after called / named, but not a request quoted whole", () => {
    expect(extractEntities("commit it with the message 'fix typo' now").text).toBe("commit it with the message   now");
    expect(extractEntities("post “deploy done” in the channel").text).toBe("post   in the channel");
    expect(extractEntities("make a folder called reports").text).toBe("make a folder  ");
    expect(extractEntities("add a page named Onboarding, then share it").text).toBe("add a page  , then share it");
    expect(extractEntities('"what is the weather in Paris?"').text).toBe('"what is the weather in Paris?"');
    expect(extractEntities("don't send it, it's Dana's draft").text).toBe("don't send it, it's Dana's draft");
  });

  it("reads owner/repo as a repository, but not a branch or a file under a folder", () => {
    expect(extractEntities("star vercel/next.js for me")).toEqual({
      text: "star  vercel next js  for me",
      concepts: ["repository"],
    });
    expect(extractEntities("open issues in acme/api")).toEqual({
      text: "open issues in  acme api ",
      concepts: ["repository"],
    });
    expect(extractEntities("switch to feature/login").concepts).toEqual([]);
    expect(extractEntities("read notes/todo.md").concepts).toEqual(["file"]);
  });

  it("leaves numbers, versions and domain-like words alone", () => {
    for (const text of ["issue #204", "release-2.3", "Node.js LTS", "C# code"]) {
      expect(extractEntities(text)).toEqual({ text, concepts: [] });
    }
  });
});

describe("thesaurus", () => {
  it("links group members both ways and directed lines one way only", () => {
    const map = parseThesaurus("# comment\ndelete remove\nreschedule > update move", (w) => [w]);
    expect([...map.get("delete")!]).toEqual(["remove"]);
    expect([...map.get("remove")!]).toEqual(["delete"]);
    expect([...map.get("reschedule")!]).toEqual(["update", "move"]);
    expect(map.has("update")).toBe(false);
  });

  it("expands analysed query words with the shipped thesaurus", () => {
    expect(relatedTerms("delet")).toEqual(expect.arrayContaining(["remov", "eras"]));
    expect(relatedTerms("reschedul")).toEqual(expect.arrayContaining(["updat", "move"]));
    expect(relatedTerms("updat")).not.toContain("reschedul");
  });

  it.each(VOCABULARY_PACKS)(
    "has no dead or repeated line in pack $id: each side of each line keeps a word after analysis",
    (pack) => {
      const analyzer = stockroomEnglishAnalyzer();
      const lines = pack.thesaurus
        .split("\n")
        .map((line) => line.replace(/#.*/, "").trim())
        .filter(Boolean);
      const dead = lines.filter((line) =>
        line.split(">").some((side) => side.split(/\s+/).flatMap((word) => analyzer.analyze(word)).length === 0),
      );
      expect(dead).toEqual([]);
      expect(lines.filter((line, i) => lines.indexOf(line) !== i)).toEqual([]);
    },
  );
});

describe("zh glossary", () => {
  it("lists each Chinese word once across the packs (a repeated word would silently count its English twice)", () => {
    const words = VOCABULARY_PACKS.map((pack) => pack.glossary)
      .join("\n")
      .split("\n")
      .filter((line) => line.includes("="))
      .flatMap((line) =>
        line
          .slice(0, line.indexOf("="))
          .split("|")
          .map((word) => word.trim()),
      )
      .filter(Boolean);
    expect(words.filter((word, i) => words.indexOf(word) !== i)).toEqual([]);
  });
});
