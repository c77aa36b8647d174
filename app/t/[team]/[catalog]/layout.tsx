import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CatalogTabs } from "@/components/catalog-tabs";
import { load } from "@/server/page-guard";

export default async function CatalogLayout({ children, params }: { children: ReactNode; params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const catalogs = await load((api) => api.catalog.list({ team }));
  const current = catalogs.find((c) => c.slug === catalog);
  if (!current) notFound();
  return (
    <div>
      <CatalogTabs team={team} catalog={catalog} name={current.name} />
      {children}
    </div>
  );
}
