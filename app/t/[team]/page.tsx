import Link from "next/link";
import { NewCatalogForm } from "@/components/catalog/new-catalog-form";
import { load } from "@/server/page-guard";

export default async function TeamHomePage({ params }: { params: Promise<{ team: string }> }) {
  const { team } = await params;
  const [catalogs, teams] = await Promise.all([
    load((api) => api.catalog.list({ team })),
    load((api) => api.team.mine()),
  ]);
  const isOwner = teams.find((t) => t.slug === team)?.role === "owner";
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Catalogs</h1>
          <p className="text-sm text-stone-600">
            Each catalog is one agent&apos;s tool set: what it sees directly, what it finds by search.
          </p>
        </div>
        {isOwner && <NewCatalogForm team={team} />}
      </div>
      {catalogs.length === 0 ? (
        <div className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">
          <p className="font-medium text-stone-900">No catalogs yet.</p>
          <p className="mt-1 text-sm">
            {isOwner
              ? "Create one with “New catalog” above, then import its tools from an MCP server or paste a tools list."
              : "A team owner creates catalogs; ask one to add you to theirs."}
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Catalogs">
          {catalogs.map((catalog) => (
            <li key={catalog.id}>
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
                <p className="mb-3 text-sm text-stone-600">{catalog.description}</p>
                <dl className="grid grid-cols-4 gap-2 text-center text-sm">
                  {(
                    [
                      ["Tools", catalog.counts.total],
                      ["Direct", catalog.counts.direct],
                      ["Deferred", catalog.counts.deferred],
                      ["Hidden", catalog.counts.hidden],
                    ] as const
                  ).map(([label, count]) => (
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
