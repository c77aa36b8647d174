import { SiteFrame } from "@/components/ui/site-frame";
import { buildOpenApiDocument } from "@/server/services/agent-api/openapi";
import { OperationCard, type Operation } from "./operation-card";
import { Prose } from "./prose";
import { SchemaTree, type Schema } from "./schema-tree";

export const metadata = { title: "Agent API" };

/** The OpenAPI document rendered for people; the same object /api/v1/openapi.json serves. */
export default function ApiDocsPage() {
  const doc = buildOpenApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })));
  const schemas = doc.components.schemas as unknown as Record<string, Schema>;
  return (
    <SiteFrame>
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{doc.info.title}</h1>
        <Prose text={doc.info.description} className="block max-w-3xl text-stone-700" />
        <p className="text-sm">
          OpenAPI {doc.openapi}:{" "}
          <a href="/api/v1/openapi.json" className="font-mono underline">
            /api/v1/openapi.json
          </a>{" "}
          · TypeScript agents: the SDK in <code className="font-mono">sdk/</code> (<code className="font-mono">npm run build:sdk</code>) or tRPC{" "}
          <code className="font-mono">snapshot.list</code> / <code className="font-mono">snapshot.get</code>.
        </p>
      </header>

      <section aria-label="Essentials" className="grid gap-4 text-sm md:grid-cols-3">
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 className="mb-1 font-semibold">Auth</h2>
          <p className="text-stone-600">
            <code className="font-mono">Authorization: Bearer srk_…</code>. Catalog owners create tokens on the catalog’s Agent tokens tab. A token reads one catalog; others answer 403.
          </p>
        </div>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 className="mb-1 font-semibold">Caching</h2>
          <p className="text-stone-600">
            <code className="font-mono">ETag</code> is the content hash. Send it back as <code className="font-mono">If-None-Match</code>: unchanged → 304, no body. Numbered versions are immutable.
          </p>
        </div>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 className="mb-1 font-semibold">Verify</h2>
          <p className="text-stone-600">
            Drop <code className="font-mono">contentHash</code>, serialise with keys sorted at every depth and no whitespace, SHA-256 the UTF-8 bytes: it must equal{" "}
            <code className="font-mono">sha256-&lt;hex&gt;</code>.
          </p>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Endpoints" className="lg:sticky lg:top-6 lg:self-start">
          <p className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">Endpoints</p>
          <ul className="space-y-1 text-sm">
            {operations.map(({ method, operation }) => (
              <li key={operation.operationId}>
                <a href={`#${operation.operationId}`} className="flex items-baseline gap-2 rounded px-2 py-1 hover:bg-stone-100">
                  <span className="font-mono text-[10px] font-semibold text-stone-500 uppercase">{method}</span>
                  {operation.summary}
                </a>
              </li>
            ))}
            <li>
              <a href="#schemas" className="block rounded px-2 py-1 hover:bg-stone-100">
                Schemas
              </a>
            </li>
          </ul>
        </nav>
        <section aria-label="Endpoint reference" className="min-w-0 space-y-4">
          <h2 className="text-lg font-semibold">Endpoints</h2>
          {operations.map(({ path, method, operation }) => (
            <OperationCard key={`${method} ${path}`} method={method} path={path} operation={operation} />
          ))}
        </section>
      </div>

      <section aria-label="Schemas" id="schemas" className="space-y-4">
        <h2 className="text-lg font-semibold">Schemas</h2>
        {Object.entries(schemas).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
            <h3 className="mb-2 font-mono font-semibold">{name}</h3>
            <SchemaTree schema={schema} />
          </div>
        ))}
      </section>
    </div>
    </SiteFrame>
  );
}
