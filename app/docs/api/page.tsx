import { SiteFrame } from "@/components/ui/site-frame";
import { buildOpenApiDocument } from "@/domain/agent-api/openapi";
import { ApiNav } from "./api-nav";
import { buildOperationExamples } from "./examples";
import { EncodingGuide, Essentials, SetupGuide } from "./guides";
import { OperationCard, type Operation } from "./operation-card";
import { Prose } from "./prose";
import { SchemaTree, type Schema } from "./schema-tree";

export const metadata = { title: "Agent API" };

const CARD = "rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5";

/** The OpenAPI document rendered for people (the same object /api/v1/openapi.json serves), examples generated from it. */
export default function ApiDocsPage() {
  const doc = buildOpenApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method,
      operation: operation as unknown as Operation,
    })),
  );
  const examples = new Map(buildOperationExamples(doc).map((op) => [op.operationId, op.examples]));
  const schemas = doc.components.schemas as unknown as Record<string, Schema>;
  const navItems = operations.map(({ method, operation }) => ({
    id: operation.operationId,
    method,
    summary: operation.summary,
  }));
  return (
    <SiteFrame wide>
      <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <aside>
          <ApiNav operations={navItems} schemas={Object.keys(schemas)} />
        </aside>
        <div className="min-w-0 space-y-8">
          <header className="space-y-2">
            <h1 className="text-2xl font-semibold">{doc.info.title}</h1>
            <Prose text={doc.info.description} className="block max-w-3xl text-stone-700" />
            <p className="text-sm">
              OpenAPI {doc.openapi}:{" "}
              <a href="/api/v1/openapi.json" className="font-mono underline">
                /api/v1/openapi.json
              </a>{" "}
              · TypeScript agents: the SDK in <code className="font-mono">sdk/</code> (
              <code className="font-mono">npm run build:sdk</code>) or tRPC{" "}
              <code className="font-mono">snapshot.list</code> / <code className="font-mono">snapshot.get</code>.
            </p>
          </header>

          <Essentials />
          <SetupGuide />
          <EncodingGuide />

          <section aria-label="Endpoints" className="space-y-4">
            <h2 className="text-lg font-semibold">Endpoints</h2>
            {operations.map(({ path, method, operation }) => (
              <OperationCard
                key={`${method} ${path}`}
                method={method}
                path={path}
                operation={operation}
                examples={examples.get(operation.operationId) ?? []}
              />
            ))}
          </section>

          <section aria-label="Schemas" id="schemas" className="space-y-4">
            <h2 className="text-lg font-semibold">Schemas</h2>
            {Object.entries(schemas).map(([name, schema]) => (
              <div key={name} id={`schema-${name}`} className={`${CARD} scroll-mt-6`}>
                <h3 className="mb-2 font-mono font-semibold">{name}</h3>
                <SchemaTree schema={schema} />
              </div>
            ))}
          </section>
        </div>
      </div>
    </SiteFrame>
  );
}
