import type { DraftReview } from "./format";

type Changes = DraftReview["tools"];
type FieldDiff = Changes["changed"][number]["fields"][number];

const FIELD_LABEL: Record<FieldDiff["field"], string> = {
  description: "Description",
  parameters: "Parameters",
  exposure: "Exposure",
  searchText: "Effective search text",
  namespace: "Namespace",
  strict: "Strict",
  mcp: "MCP server",
};

function DiffText({ diff }: { diff: FieldDiff }) {
  return <DiffParts parts={diff.parts} isBlock={diff.field === "parameters"} />;
}

/** A word or line diff: added text marked in green, removed struck through in red. */
export function DiffParts({ parts, isBlock }: { parts: FieldDiff["parts"]; isBlock: boolean }) {
  return (
    <div
      className={`rounded bg-stone-50 p-2 text-xs ${isBlock ? "max-h-80 overflow-auto whitespace-pre font-mono" : "whitespace-pre-wrap"}`}
    >
      {parts.map((part, i) =>
        part.kind === "added" ? (
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
            {part.text}
          </ins>
        ) : part.kind === "removed" ? (
          <del key={i} className="bg-red-100 text-red-800">
            {part.text}
          </del>
        ) : (
          <span key={i} className="text-stone-600">
            {part.text}
          </span>
        ),
      )}
    </div>
  );
}

/** Every tool that differs from the latest version, with word diffs (line diffs for parameters). */
export function ToolChanges({ changes }: { changes: Changes }) {
  const total = changes.added.length + changes.removed.length + changes.changedCount;
  return (
    <div className="space-y-3">
      {changes.engine && (
        <p className="rounded border border-amber-200 bg-amber-50 p-2 text-sm">
          Engine: <del>{changes.engine.before}</del> → <ins className="no-underline">{changes.engine.after}</ins>. Every
          ranking can move.
        </p>
      )}
      {total === 0 && !changes.engine && changes.namespaces.length === 0 && (
        <p className="text-sm text-stone-500">No tool changed.</p>
      )}
      {changes.namespaces.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Namespace changes">
          {changes.namespaces.map((ns) => (
            <li key={ns.name}>
              Namespace <span className="font-mono break-all">{ns.name}</span>:{" "}
              {ns.before === null ? (
                "added"
              ) : ns.after === null ? (
                "removed"
              ) : (
                <>
                  <del className="text-red-800">{ns.before || "(empty)"}</del> →{" "}
                  <ins className="text-emerald-900 no-underline">{ns.after || "(empty)"}</ins>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {changes.added.length > 0 && (
        <details open={changes.added.length <= 20}>
          <summary className="cursor-pointer text-sm font-medium text-emerald-800">
            {changes.added.length} added
          </summary>
          <ul className="mt-1 space-y-0.5 text-xs">
            {changes.added.map((t) => (
              <li key={t.id}>
                <span className="font-mono break-all">{t.id}</span>{" "}
                <span className="text-stone-500">
                  ({t.exposure}) {t.description}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {changes.removed.length > 0 && (
        <details open={changes.removed.length <= 20}>
          <summary className="cursor-pointer text-sm font-medium text-red-800">
            {changes.removed.length} removed or hidden
          </summary>
          <ul className="mt-1 space-y-0.5 text-xs">
            {changes.removed.map((t) => (
              <li key={t.id}>
                <span className="font-mono break-all">{t.id}</span>{" "}
                <span className="text-stone-500">{t.description}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {changes.changed.map((tool) => (
        <article
          key={tool.id}
          aria-label={`Changed tool ${tool.id}`}
          className="rounded-lg border border-stone-200 bg-white p-3"
        >
          <h4 className="mb-2 font-mono text-sm">{tool.id}</h4>
          <dl className="space-y-2">
            {tool.fields.map((diff) => (
              <div key={diff.field}>
                <dt className="text-xs font-medium text-stone-500">{FIELD_LABEL[diff.field]}</dt>
                <dd>
                  <DiffText diff={diff} />
                </dd>
              </div>
            ))}
          </dl>
        </article>
      ))}
      {changes.changedCount > changes.changed.length && (
        <p className="text-sm text-stone-500">
          …and {changes.changedCount - changes.changed.length} more changed tools (the first {changes.changed.length}{" "}
          are shown).
        </p>
      )}
    </div>
  );
}
