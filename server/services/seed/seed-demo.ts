import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Prisma, PrismaClient } from "@prisma/client";
import { hashPassword } from "better-auth/crypto";
import { validateToolFields } from "../tools/validate-tool";

export const DEMO_EMAIL = "demo@stockroom.local";
export const DEMO_TEAM = "demo";
export const DEMO_CATALOG = "mcp-tools";
/** Namespaces whose tools the demo sends directly on turn one; all others are deferred. */
const DIRECT_NAMESPACES = new Set(["github", "filesystem"]);

const SEED_DIR = path.join(process.cwd(), "prisma", "seed-data");

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters: Prisma.InputJsonValue;
}
interface CorpusQuery {
  query: string;
  gold: string[];
  lang: string;
  type: string;
}

async function readJsonl<T>(file: string): Promise<T[]> {
  const text = await readFile(path.join(SEED_DIR, file), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** The demo's tools as the tools they become. */
export const readDemoTools = () => readJsonl<CorpusTool>("tools.jsonl");

/**
 * Every problem Stockroom's own validation (the one import and the editor use) finds in the seed's tools, as
 * "key: message": the demo must never hold a tool that an export of it could not import again.
 */
export function findInvalidSeedTools(tools: CorpusTool[]): string[] {
  return tools.flatMap((tool) =>
    validateToolFields({
      name: tool.name,
      namespace: tool.namespace,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
      mcpServer: tool.namespace,
      mcpTitle: null,
    }).map((issue) => `${tool.namespace}.${tool.name}: ${issue.message}`),
  );
}

interface SeedDemoOptions {
  db: PrismaClient;
  password: string;
  log?: (message: string) => void;
}

/**
 * On an empty database, creates the demo user, team `demo` and catalog `mcp-tools` from the real
 * MCP corpus with its golden queries. Running it again changes nothing.
 */
export async function seedDemo({ db, password, log = () => {} }: SeedDemoOptions): Promise<{ created: boolean }> {
  if (await db.team.findUnique({ where: { slug: DEMO_TEAM }, select: { id: true } })) return { created: false };
  if ((await db.user.count()) > 0) return { created: false }; // not an empty database: never add a demo to real data

  const [tools, queries] = await Promise.all([readDemoTools(), readJsonl<CorpusQuery>("queries.dev.jsonl")]);
  const invalid = findInvalidSeedTools(tools);
  if (invalid.length > 0) throw new Error(`The demo seed has ${invalid.length} invalid tools, e.g. ${invalid[0]}`);
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();

  try {
    await db.$transaction(
      async (tx) => {
        await tx.user.create({ data: { id: userId, name: "Demo", email: DEMO_EMAIL, emailVerified: true } });
        await tx.account.create({
          data: { id: randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash },
        });
        const team = await tx.team.create({ data: { slug: DEMO_TEAM, name: "Demo" } });
        await tx.membership.create({ data: { teamId: team.id, userId, role: "owner" } });
        const catalog = await tx.catalog.create({
          data: {
            teamId: team.id,
            slug: DEMO_CATALOG,
            name: "MCP tools",
            description: "724 real MCP tools from 44 servers.",
          },
        });
        const namespaceNames = [...new Set(tools.map((t) => t.namespace))];
        await tx.namespace.createMany({
          data: namespaceNames.map((name) => ({
            catalogId: catalog.id,
            name,
            description: `Tools of the ${name.replace(/_/g, " ")} MCP server.`,
          })),
        });
        const namespaces = new Map(
          (await tx.namespace.findMany({ where: { catalogId: catalog.id }, select: { id: true, name: true } })).map(
            (n) => [n.name, n.id],
          ),
        );
        await tx.tool.createMany({
          data: tools.map((tool) => ({
            catalogId: catalog.id,
            namespaceId: namespaces.get(tool.namespace) ?? null,
            key: `${tool.namespace}.${tool.name}`,
            name: tool.name,
            description: tool.description,
            parameters: tool.parameters,
            exposure: DIRECT_NAMESPACES.has(tool.namespace) ? "direct" : "deferred",
            mcpServer: tool.namespace,
          })),
        });
        await tx.evalQuery.createMany({
          data: queries.map((q) => ({
            catalogId: catalog.id,
            query: q.query,
            expected: q.gold,
            note: `${q.type} · ${q.lang}`,
          })),
        });
      },
      { timeout: 120_000 },
    );
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return { created: false }; // another process seeded first
    throw error;
  }
  log(
    `\n  Stockroom demo created — sign in at /sign-in as\n    email:    ${DEMO_EMAIL}\n    password: ${password}\n` +
      `  (team "${DEMO_TEAM}", catalog "${DEMO_CATALOG}" with ${tools.length} tools and ${queries.length} golden queries)\n`,
  );
  return { created: true };
}
