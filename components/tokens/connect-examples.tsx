"use client";

import { useState } from "react";
import { CodeExample } from "./code-example";
import { curlSnippet, pythonSnippet, typescriptSnippet, type ConnectTarget } from "./connect-snippets";

const LANGUAGES = [
  { id: "curl", title: "curl", hint: "Reads the latest published version; set STOCKROOM_TOKEN to a token's secret." },
  {
    id: "typescript",
    title: "TypeScript",
    hint: "The @stockroom/sdk package: npm run build:sdk in a Stockroom checkout, then npm install <checkout>/sdk.",
  },
  {
    id: "python",
    title: "Python",
    hint: "The stockroom package: pip install <checkout>/python (Python 3.9 or later).",
  },
] as const;

/** How an agent reads this catalog, in curl, TypeScript and Python, with the server, team and catalog filled in. */
export function ConnectExamples(target: ConnectTarget) {
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]["id"]>("typescript");
  const code = { curl: curlSnippet(target), typescript: typescriptSnippet(target), python: pythonSnippet(target) };
  const current = LANGUAGES.find((l) => l.id === language)!;
  return (
    <section
      aria-label="Connect an agent"
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Connect an agent</h3>
        <div role="group" aria-label="Language" className="flex gap-1 text-xs">
          {LANGUAGES.map((l) => (
            <button
              key={l.id}
              type="button"
              aria-pressed={l.id === language}
              onClick={() => setLanguage(l.id)}
              className={`rounded px-2 py-0.5 ${l.id === language ? "bg-stone-800 text-white" : "text-stone-700 hover:bg-stone-100"}`}
            >
              {l.title}
            </button>
          ))}
        </div>
      </div>
      <CodeExample title={current.title} code={code[language]} hint={current.hint} />
    </section>
  );
}
