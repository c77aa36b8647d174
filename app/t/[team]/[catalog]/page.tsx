import Link from "next/link";
import { load } from "@/server/page-guard";

const EXPOSURE_STYLE = {
  direct: "bg-emerald-100 text-emerald-800",
  deferred: "bg-sky-100 text-sky-800",
  hidden: "bg-stone-200 text-stone-700",
} as const;

export default async function CatalogPage({
  params,
  searchParams,
}: {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<{ q?: string; page?: string }>;
}) {
  const { team, catalog } = await params;
  const { q, page } = await searchParams;
  const pageNumber = Math.max(1, Number.parseInt(page ?? "1", 10) || 1);
  const list = await load((api) => api.tool.list({ team, catalog, search: q, page: pageNumber }));
  return (
    <div>
      <div className="mb-4 flex items-end justify-between">
        <h2 className="text-lg font-semibold">Tools</h2>
        <form className="flex gap-2">
          <input name="q" defaultValue={q} placeholder="Search name or description" className="w-72 rounded border border-stone-300 px-2 py-1 text-sm" />
        </form>
      </div>
      <p className="mb-2 text-sm text-stone-600">{list.total} tools</p>
      <table className="w-full border-collapse bg-white text-sm" aria-label="Tools">
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-500">
            <th className="px-3 py-2 font-medium">Tool</th>
            <th className="px-3 py-2 font-medium">Exposure</th>
            <th className="px-3 py-2 font-medium">Description</th>
          </tr>
        </thead>
        <tbody>
          {list.tools.map((tool) => (
            <tr key={tool.id} className="border-b border-stone-100 align-top">
              <td className="px-3 py-2 font-mono text-xs">{tool.key}</td>
              <td className="px-3 py-2">
                <span className={`rounded px-2 py-0.5 text-xs ${EXPOSURE_STYLE[tool.exposure]}`}>{tool.exposure}</span>
              </td>
              <td className="max-w-xl truncate px-3 py-2 text-stone-700">{tool.description.split("\n")[0]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="mt-4 flex gap-3 text-sm" aria-label="Pages">
        {pageNumber > 1 && <Link href={`?${new URLSearchParams({ ...(q ? { q } : {}), page: String(pageNumber - 1) })}`}>← Previous</Link>}
        <span className="text-stone-500">
          Page {list.page} of {list.pageCount}
        </span>
        {pageNumber < list.pageCount && <Link href={`?${new URLSearchParams({ ...(q ? { q } : {}), page: String(pageNumber + 1) })}`}>Next →</Link>}
      </nav>
    </div>
  );
}
