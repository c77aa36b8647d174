import { describe, expect, it } from "vitest";
import { resolveVocabulary } from "../vocabulary/vocabulary";
import { createSearchIndex } from "../index";
import { isReadRequest } from "./stockroom-intent";
import { queryConcepts } from "./stockroom-query";
import { STOCKROOM_TUNING } from "./stockroom-tuning";

// Two tools that share their object and differ in the action: the create tool's description also
// mentions "open" and "pull requests" more, so plain BM25 ranks it first for a question about open PRs.
const docs = [
  {
    id: "git.create_pull_request",
    name: "create_pull_request",
    namespace: "git",
    text: "create_pull_request create pull request git Create a pull request. It stays open until merged. title: Title",
  },
  {
    id: "git.list_pull_requests",
    name: "list_pull_requests",
    namespace: "git",
    text: "list_pull_requests list pull requests git List the pull requests of a repository. state: Filter by state: open, closed or all",
  },
  {
    id: "weather.get_forecast",
    name: "get_forecast",
    namespace: "weather",
    text: "get_forecast get forecast weather Get the weather forecast for a city. city: City name",
  },
  {
    id: "crm.list_orders",
    name: "list_orders",
    namespace: "crm",
    text: "list_orders list orders crm List open orders by customer ID. customer_id: Customer ID",
  },
  {
    id: "crm.refund_order",
    name: "refund_order",
    namespace: "crm",
    text: "refund_order refund order crm Refund an order. order_id: Order ID",
  },
  {
    id: "mail.send_email",
    name: "send_email",
    namespace: "mail",
    text: "send_email send email mail Send an email message. to: Recipient address",
  },
  {
    id: "files.read_file",
    name: "read_file",
    namespace: "files",
    text: "read_file read file files Read a text file. path: File path",
  },
];

const reads = (query: string) => isReadRequest(query, queryConcepts(query, STOCKROOM_TUNING, resolveVocabulary()));

describe("read requests", () => {
  it("are questions and lookups that name no change", () => {
    expect(reads("which pull requests are open?")).toBe(true);
    expect(reads("show the last 10 commits")).toBe(true);
    expect(reads("how many documents are in the orders collection")).toBe(true);
    expect(reads("看看我下周的日程安排")).toBe(true);
  });

  it("are not requests to change something, even when phrased as a question", () => {
    expect(reads("can you create a pull request?")).toBe(false);
    expect(reads("how do I delete this branch?")).toBe(false);
    expect(reads("open a pull request for my branch")).toBe(false);
    expect(reads("明天下午三点帮我安排一个会议")).toBe(false);
  });
});

describe("a tool named for a change the request does not ask for", () => {
  const index = createSearchIndex(docs, { profile: "stockroom" });
  const plain = createSearchIndex(docs, { profile: "codex-bm25" });

  it("ranks below the reading tool for a question", () => {
    expect(plain.search("which pull requests are still open?")[0]?.id).toBe("git.create_pull_request");
    expect(index.search("which pull requests are still open?")[0]?.id).toBe("git.list_pull_requests");
  });

  it("keeps its place when the request asks for the change", () => {
    expect(index.search("create a pull request that is open for review")[0]?.id).toBe("git.create_pull_request");
  });
});

describe("a tool named for destroying something", () => {
  const notes = [
    {
      id: "notes.delete_note",
      name: "delete_note",
      namespace: "notes",
      text: "delete_note delete note notes Delete a note about a meeting or a person. note_id: The note",
    },
    {
      id: "notes.add_note",
      name: "add_note",
      namespace: "notes",
      text: "add_note add note notes Add a note. text: Note text, for example what was said in a meeting",
    },
    ...docs.slice(2),
  ];
  const index = createSearchIndex(notes, { profile: "stockroom" });
  const plain = createSearchIndex(notes, { profile: "codex-bm25" });

  it("ranks below the others when the request does not say to destroy", () => {
    expect(plain.search("keep a note about the meeting with Alice")[0]?.id).toBe("notes.delete_note");
    expect(index.search("keep a note about the meeting with Alice")[0]?.id).toBe("notes.add_note");
  });

  it("keeps its place when the request says so", () => {
    expect(index.search("delete the note about the meeting with Alice")[0]?.id).toBe("notes.delete_note");
  });
});

describe("a read request about a file it names", () => {
  const tools = [
    ...docs,
    {
      id: "ci.config_helper",
      name: "config_helper",
      namespace: "ci",
      text: "config_helper config helper ci Validate a CI config (config.yml) and explain its errors.",
    },
  ];
  const terms = (query: string) =>
    queryConcepts(query, STOCKROOM_TUNING, resolveVocabulary()).map((c) => `${c.term}:${c.members[0]!.weight}`);

  it("asks for the file's content", () => {
    expect(terms("what's in config.yaml?")).toEqual(["config:1", "yaml:1", "file:0.5", "read:0.5", "content:0.5"]);
    expect(terms("fix config.yaml")).toEqual(["fix:1", "config:1", "yaml:1", "file:0.5"]);
  });

  it("finds the tool that reads files, not one named for the file's words", () => {
    const index = createSearchIndex(tools, { profile: "stockroom" });
    expect(index.search("what's in config.yaml?")[0]?.id).toBe("files.read_file");
    expect(index.search("config.yaml")[0]?.id).toBe("ci.config_helper"); // not a question: the name's words decide
  });
});
