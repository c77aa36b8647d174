"use client";

import Link from "next/link";
import { plural } from "@/components/ui/plural";
import { optionsOf, Select, type SelectOption } from "@/components/ui/select";
import { EXPOSURES } from "@/domain/vocabulary";
import { ExportMenu } from "../export/export-menu";
import type { ToolListFilters, ToolSort } from "./tool-list-filters";
import { buttonClass, inputClass, secondaryButtonClass } from "../ui/control-styles";

interface HeaderProps {
  team: string;
  catalog: string;
  canEdit: boolean;
  total: number | undefined;
  isFetching: boolean;
  /** No tools at all: nothing to export. */
  isCatalogEmpty: boolean;
}

/** The count of tools and the export, import and new-tool buttons. */
export function ToolListHeader({ team, catalog, canEdit, total, isFetching, isCatalogEmpty }: HeaderProps) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold">Tools</h2>
        <p className="text-sm text-stone-600" aria-live="polite">
          {total !== undefined ? plural(total, "tool") : "Loading…"}
          {isFetching && total !== undefined ? " · updating…" : ""}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {!isCatalogEmpty && <ExportMenu team={team} catalog={catalog} />}
        {canEdit && (
          <>
            <Link href={`/t/${team}/${catalog}/import`} className={secondaryButtonClass}>
              Import
            </Link>
            <Link href={`/t/${team}/${catalog}/tools/new`} className={buttonClass}>
              New tool
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

interface FilterBarProps {
  filters: ToolListFilters;
  namespaces: { id: string; name: string; toolCount: number }[] | undefined;
  update: (patch: Partial<ToolListFilters>) => void;
}

/** Search, namespace, exposure and sort; every change scrolls the list back to its top. */
export function ToolListFilterBar({ filters, namespaces, update }: FilterBarProps) {
  return (
    <div className="mb-3 grid grid-cols-2 gap-3 md:grid-cols-[2fr_1fr_1fr_1fr] [&>div:first-child]:col-span-2 [&>div:last-child]:col-span-2 md:[&>div:first-child]:col-span-1 md:[&>div:last-child]:col-span-1">
      <div className="text-xs text-stone-600">
        <label htmlFor="filter-search">Search tools</label>
        <input
          id="filter-search"
          type="search"
          data-shortcut="search"
          aria-keyshortcuts="/"
          value={filters.q}
          onChange={(e) => update({ q: e.target.value })}
          placeholder="Name or description  ( / )"
          className={`${inputClass} mt-1`}
        />
      </div>
      <NamespaceFilter filters={filters} namespaces={namespaces} update={update} />
      <div className="text-xs text-stone-600">
        <label htmlFor="filter-exposure">Exposure</label>
        <Select
          id="filter-exposure"
          value={filters.exp ?? ""}
          onValueChange={(exp) => update({ exp: exp || null })}
          options={[{ value: "", label: "Any exposure" }, ...optionsOf(EXPOSURES)]}
          className="mt-1 w-full"
        />
      </div>
      <SortFilter filters={filters} update={update} />
    </div>
  );
}

// Namespace names are identifiers, so "*" cannot be one; "" is a real choice (tools without a namespace).
const ANY_NAMESPACE = "*";

function NamespaceFilter({ filters, namespaces, update }: FilterBarProps) {
  return (
    <div className="text-xs text-stone-600">
      <label htmlFor="filter-namespace">Namespace</label>
      <Select
        id="filter-namespace"
        value={filters.ns ?? ANY_NAMESPACE}
        onValueChange={(ns) => update({ ns: ns === ANY_NAMESPACE ? null : ns })}
        options={[
          { value: ANY_NAMESPACE, label: "All namespaces" },
          { value: "", label: "(no namespace)" },
          ...(namespaces ?? []).map((ns) => ({ value: ns.name, label: `${ns.name} (${ns.toolCount})` })),
        ]}
        className="mt-1 w-full"
      />
    </div>
  );
}

const SORT_OPTIONS: SelectOption<ToolSort>[] = [
  { value: "relevance", label: "Best match" },
  { value: "key", label: "Key (namespace.name)" },
  { value: "name", label: "Name" },
  { value: "updated", label: "Recently changed" },
  { value: "exposure", label: "Exposure" },
];

function SortFilter({ filters, update }: Omit<FilterBarProps, "namespaces">) {
  return (
    <div className="text-xs text-stone-600">
      <label htmlFor="filter-sort">Sort</label>
      <Select
        id="filter-sort"
        value={filters.sort}
        onValueChange={(sort) => update({ sort })}
        options={SORT_OPTIONS}
        className="mt-1 w-full"
      />
    </div>
  );
}
