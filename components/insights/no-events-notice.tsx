import Link from "next/link";

/** Insights before any agent reported: why the page is empty and the steps that fill it. */
export function NoEventsNotice({
  team,
  catalog,
  hasPublished,
}: {
  team: string;
  catalog: string;
  hasPublished: boolean;
}) {
  const base = `/t/${team}/${catalog}`;
  return (
    <section
      aria-label="No agent events yet"
      className="space-y-2 rounded-lg border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600"
    >
      <p className="text-base font-medium text-stone-900">No agent reported anything in this period</p>
      <p>
        {hasPublished ? "" : "Nothing is published yet, and agents read published versions. "}
        The numbers and charts appear here once an agent searches this catalog and reports what it did:
      </p>
      <ol className="list-decimal space-y-1 pl-5">
        {!hasPublished && (
          <li>
            Publish a version on{" "}
            <Link href={`${base}/review`} className="font-medium underline">
              Review &amp; publish
            </Link>
            .
          </li>
        )}
        <li>
          Give the agent a token from{" "}
          <Link href={`${base}/tokens`} className="font-medium underline">
            Agent tokens
          </Link>
          .
        </li>
        <li>
          Agents built on the SDK report by default (
          <code>
            connect({"{"} telemetry {"}"})
          </code>
          ); others POST to{" "}
          <code className="break-all">
            /api/v1/catalogs/{team}/{catalog}/events
          </code>{" "}
          (see the{" "}
          <Link href="/docs/api" className="underline">
            API reference
          </Link>
          ).
        </li>
      </ol>
    </section>
  );
}
