import "server-only";
import type { Catalog, Prisma, PrismaClient } from "@prisma/client";
import { z } from "zod";
import { SOURCE_KINDS, sourceInputSchema, type SourceInput } from "@/domain/sources";
import { exposureSchema } from "@/domain/vocabulary";
import { columnsOf, sealHeaders, toSource } from "./sources";

/**
 * A namespace's source in the lossless catalog export: what it is and how it is read (kind, URL, command and
 * arguments, the names of environment variables, file, tags as namespaces, schedule). A secret header is listed
 * by name only, marked secret: its value never leaves the server, and the team enters it again after an import.
 */
export const documentSourceSchema = z.object({
  namespace: z.string().max(1000),
  kind: z.enum(SOURCE_KINDS),
  url: z.string().max(2000).nullable(),
  headers: z
    .array(z.object({ name: z.string().max(100), secret: z.boolean(), value: z.string().max(8000).optional() }))
    .max(20),
  command: z.string().max(1000).nullable(),
  args: z.array(z.string().max(4000)).max(100),
  env: z.array(z.string().max(128)).max(50),
  file: z.string().max(1000).nullable(),
  tagsAsNamespaces: z.boolean(),
  mcpServer: z.string().max(128).nullable(),
  exposure: exposureSchema,
  syncIntervalMinutes: z.number().int().nullable(),
  /** The namespaces its last sync wrote (tags as namespaces): the next sync looks for removed tools there. */
  namespaces: z.array(z.string().max(1000)).max(5000).default([]),
});
export type DocumentSource = z.infer<typeof documentSourceSchema>;

/** The catalog's sources for its export, by namespace name; secret header values left out. */
export async function exportSources(db: PrismaClient, catalog: Catalog): Promise<DocumentSource[]> {
  const rows = await db.namespaceSource.findMany({
    where: { catalogId: catalog.id },
    include: { namespace: { select: { name: true } } },
  });
  return rows
    .map((row) => {
      const {
        namespaceId: _i,
        revision: _r,
        lastSyncedAt: _s,
        nextSyncAt: _n,
        lastCheckedAt: _c,
        ...kept
      } = toSource(row);
      const { lastCheckError: _e, changed: _m, headers, ...source } = kept;
      return {
        ...source,
        headers: headers.map((h) =>
          h.secret ? { name: h.name, secret: true } : { name: h.name, secret: false, value: h.value ?? "" },
        ),
        namespaces: row.namespaces,
      };
    })
    .sort((a, b) => (a.namespace < b.namespace ? -1 : 1));
}

/**
 * A document source as the source form would send it, checked by the same rules (kind's fields, URL, command,
 * schedule); throws the form's message when it breaks one.
 */
export function checkDocumentSource(source: DocumentSource): {
  input: SourceInput;
  columns: ReturnType<typeof columnsOf>;
} {
  const parsed = sourceInputSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join(".") || "source"}: ${issue.message}`);
  }
  return { input: parsed.data, columns: columnsOf(parsed.data) };
}

/** Records the document's sources on the namespaces just written (`ids`: namespace name → id). */
export async function writeSources(
  tx: Prisma.TransactionClient,
  catalog: Catalog,
  ids: Map<string, string>,
  sources: DocumentSource[],
) {
  for (const source of sources) {
    const namespaceId = ids.get(source.namespace)!;
    const { input, columns } = checkDocumentSource(source);
    await tx.namespaceSource.create({
      data: {
        ...columns,
        kind: input.kind,
        exposure: input.exposure,
        headers: sealHeaders(namespaceId, input, [], { allowUnset: true }),
        namespaces: source.namespaces,
        catalogId: catalog.id,
        namespaceId,
      },
    });
  }
}
