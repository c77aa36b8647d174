import { CatalogCard } from "@/components/catalog/catalog-card";
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
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
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
              <CatalogCard team={team} catalog={catalog} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
