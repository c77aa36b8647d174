import { randomBytes, randomUUID } from "node:crypto";
import type { Exposure, Prisma, PrismaClient, Role } from "@prisma/client";
import type { Context, ContextUser } from "../context";
import { createCaller } from "../routers/root";

const unique = () => randomBytes(4).toString("hex");

export async function createUser(db: PrismaClient, name = `user-${unique()}`): Promise<ContextUser> {
  const user = await db.user.create({ data: { id: randomUUID(), name, email: `${name}@example.test` } });
  return { id: user.id, email: user.email, name: user.name };
}

/** A team with one member per role (and a stranger in another team), each unique to the calling test. */
export async function createTeamWithMembers(db: PrismaClient) {
  const slug = `team-${unique()}`;
  const team = await db.team.create({ data: { slug, name: `Team ${slug}` } });
  const members = {} as Record<Role, ContextUser>;
  for (const role of ["owner", "editor", "viewer"] as const) {
    members[role] = await createUser(db, `${role}-${unique()}`);
    await db.membership.create({ data: { teamId: team.id, userId: members[role].id, role } });
  }
  const stranger = await createUser(db, `stranger-${unique()}`);
  const otherTeam = await db.team.create({ data: { slug: `other-${unique()}`, name: "Other team" } });
  await db.membership.create({ data: { teamId: otherTeam.id, userId: stranger.id, role: "owner" } });
  return { team, ...members, stranger, otherTeam };
}

export async function createCatalog(
  db: PrismaClient,
  teamId: string,
  data: Partial<Prisma.CatalogUncheckedCreateInput> = {},
) {
  return db.catalog.create({ data: { teamId, slug: `cat-${unique()}`, name: "Test catalog", ...data } });
}

interface ToolSeed {
  name: string;
  namespace?: string;
  description?: string;
  parameters?: Prisma.InputJsonValue;
  exposure?: Exposure;
}

export async function createTools(db: PrismaClient, catalogId: string, tools: ToolSeed[]) {
  const created = [];
  for (const tool of tools) {
    const namespace = tool.namespace
      ? await db.namespace.upsert({
          where: { catalogId_name: { catalogId, name: tool.namespace } },
          create: { catalogId, name: tool.namespace, description: `${tool.namespace} tools` },
          update: {},
        })
      : null;
    created.push(
      await db.tool.create({
        data: {
          catalogId,
          namespaceId: namespace?.id ?? null,
          key: namespace ? `${namespace.name}.${tool.name}` : tool.name,
          name: tool.name,
          description: tool.description ?? `${tool.name} tool`,
          parameters: tool.parameters ?? { type: "object", properties: {} },
          exposure: tool.exposure ?? "deferred",
        },
      }),
    );
  }
  return created;
}

export function contextFor(db: PrismaClient, user: ContextUser | null, headers: HeadersInit = {}): Context {
  const h = new Headers(headers);
  const auth = h.get("authorization")?.match(/^Bearer\s+(\S+)/i)?.[1] ?? null;
  return { db, user, bearerToken: auth, headers: h };
}

/** A tRPC caller acting as `user` (null = signed out). */
export function callerFor(db: PrismaClient, user: ContextUser | null, headers: HeadersInit = {}) {
  return createCaller(contextFor(db, user, headers));
}
