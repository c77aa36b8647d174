import Link from "next/link";

interface CatalogCardProps {
  team: string;
  catalog: {
    slug: string;
    name: string;
    description: string;
    engineProfile: string;
    defaultLimit: number;
    latestVersion: number | null;
    hasUnpublishedChanges: boolean;
    sourcesChanged: number;
    counts: { total: number; direct: number; deferred: number; hidden: number };
  };
}

/** A catalog on its team's page: name, latest version, whether the draft has changes since, and its tool counts. */
export function CatalogCard({ team, catalog }: CatalogCardProps) {
  const counts = [
    ["Tools", catalog.counts.total],
    ["Direct", catalog.counts.direct],
    ["Deferred", catalog.counts.deferred],
    ["Hidden", catalog.counts.hidden],
  ] as const;
  return (
    <Link
      href={`/t/${team}/${catalog.slug}`}
      className="block rounded-lg border border-stone-200 bg-white p-5 shadow-sm transition hover:border-stone-400"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-lg font-medium">{catalog.name}</h2>
        <span className="font-mono text-xs text-stone-500">
          {catalog.latestVersion ? `v${catalog.latestVersion}` : "unpublished"}
        </span>
      </div>
      <p className="mb-4 font-mono text-xs text-stone-500">{catalog.slug}</p>
      {catalog.hasUnpublishedChanges && (
        <p className="mb-3 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          Unpublished changes since v{catalog.latestVersion}
        </p>
      )}
      {catalog.sourcesChanged > 0 && (
        <p className="mb-3 ml-1 inline-block rounded bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
          Source changed ({catalog.sourcesChanged})
        </p>
      )}
      <p className="mb-3 text-sm text-stone-600">{catalog.description}</p>
      <dl className="grid grid-cols-4 gap-2 text-center text-sm">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded bg-stone-100 py-2">
            <dt className="text-xs text-stone-500">{label}</dt>
            <dd className="font-semibold" data-testid={`count-${label.toLowerCase()}`}>
              {count}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-stone-500">
        Profile {catalog.engineProfile} · top {catalog.defaultLimit}
      </p>
    </Link>
  );
}
