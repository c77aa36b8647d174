import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CatalogTabs } from "@/components/catalog-tabs";
import { SourceChangedNotice } from "@/components/sources/source-changed-mark";
import { loadCatalogSummary } from "@/server/page-guard";

export default async function CatalogLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ team: string; catalog: string }>;
}) {
  const { team, catalog } = await params;
  const current = await loadCatalogSummary(team, catalog);
  if (!current) notFound();
  return (
    <div>
      <CatalogTabs team={team} catalog={catalog} name={current.name} />
      <SourceChangedNotice team={team} catalog={catalog} />
      {children}
    </div>
  );
}
