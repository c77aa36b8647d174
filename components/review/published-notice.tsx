import Link from "next/link";

interface PublishedNoticeProps {
  team: string;
  catalog: string;
  published: { version: number; contentHash: string; heldBack: string[] };
}

/** What was published, and the next step: an agent token, so agents can search the new version. */
export function PublishedNotice({ team, catalog, published }: PublishedNoticeProps) {
  const held = published.heldBack.length;
  const base = `/t/${team}/${catalog}`;
  return (
    <div role="status" className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm">
      <p>
        Published version {published.version} ({published.contentHash.slice(0, 19)}…).{" "}
        {held > 0 && (
          <>
            {held === 1 ? "1 tool was" : `${held} tools were`} held back in the approved form (changed upstream, not yet
            reviewed): {published.heldBack.join(", ")}.{" "}
          </>
        )}
        <Link href={`${base}/snapshots`} className="underline">
          Open the snapshot history
        </Link>
      </p>
      <p>
        <span className="font-medium">Next step:</span> agents search a published version with a token.{" "}
        <Link href={`${base}/tokens`} className="font-medium underline">
          Create an agent token
        </Link>
      </p>
    </div>
  );
}
