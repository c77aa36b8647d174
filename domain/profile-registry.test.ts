// A profile is added in one place (search/settings.ts and its engine in search/profiles.ts); every other list of
// profiles is derived from it. This test fails when a profile in the registry is missing anywhere that lists them,
// or when a file spells out its own list of profile ids instead of deriving it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE_PROFILES, PROFILE_NOTES, PROFILE_OPTIONS, PROFILES } from "../search/index";
import { pythonVocabulary } from "../scripts/generate-python-tables";
import { ENGINE_PROFILE_DB, engineProfileSchema } from "./vocabulary";

const ROOT = path.resolve(import.meta.dirname, "..");
const REGISTRY = new Set(["search/settings.ts", "python/stockroom/_vocabulary.py"]);

describe("the engine profile registry", () => {
  it("is what every derived list holds", () => {
    expect(Object.keys(PROFILES).sort()).toEqual([...ENGINE_PROFILES].sort());
    expect(Object.keys(PROFILE_NOTES).sort()).toEqual([...ENGINE_PROFILES].sort());
    expect(PROFILE_OPTIONS.map((option) => option.value).sort()).toEqual([...ENGINE_PROFILES].sort());
    expect(engineProfileSchema.options).toEqual([...ENGINE_PROFILES]);
    expect(Object.keys(ENGINE_PROFILE_DB)).toEqual([...ENGINE_PROFILES]);
    for (const id of ENGINE_PROFILES) expect(pythonVocabulary()).toContain(JSON.stringify(id));
  });

  it("is the database enum, value for value", () => {
    const schema = readFileSync(path.join(ROOT, "prisma", "schema.prisma"), "utf8");
    const block = /enum EngineProfile \{([^}]*)\}/.exec(schema)?.[1] ?? "";
    const values = block
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => /@map\("([^"]+)"\)/.exec(line)?.[1] ?? line.split(/\s+/)[0]!);
    expect(values.sort()).toEqual([...ENGINE_PROFILES].sort());
  });

  it("is never spelled out as a list elsewhere", () => {
    const files = execFileSync("git", ["ls-files", "--", "*.ts", "*.tsx", "*.mjs", "*.py"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter((file) => file && !REGISTRY.has(file) && !/\.test\.tsx?$|\.spec\.ts$|^e2e\/|\/testing\//.test(file));
    const ids = ENGINE_PROFILES.map((id) => `["']${id.replace(/[-]/g, "\\-")}["']`);
    // Two different profile ids within a few characters of each other: a list, a union or a tuple of them.
    const pair = new RegExp(`(${ids.join("|")})[\\s,|)\\]]{1,12}(${ids.join("|")})`);
    const offenders = files.filter((file) => {
      const match = pair.exec(readFileSync(path.join(ROOT, file), "utf8"));
      return match !== null && match[1] !== match[2];
    });
    expect(offenders, "derive the list from ENGINE_PROFILES / PROFILE_OPTIONS (search/settings.ts)").toEqual([]);
  });
});
