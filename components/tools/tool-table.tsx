"use client";

import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Cell,
  type Header,
  type SortingState,
} from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Description } from "@/components/ui/description";
import { Highlight } from "@/components/ui/highlight";
import { RelativeTime } from "@/components/ui/relative-time";
import { useNarrowScreen } from "@/components/ui/use-narrow-screen";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";
import type { ToolSort } from "./tool-list-filters";
import { ExposureBadge } from "../ui/exposure-badge";
import { UpstreamMark } from "../review/upstream-mark";
import { SourceChangedMark } from "../sources/source-changed-mark";

/** One page of the tool list, as the `tool.list` procedure returns it. */
export type ToolPage = inferRouterOutputs<AppRouter>["tool"]["list"];
type Row = ToolPage["tools"][number];
const column = createColumnHelper<Row>();
/** Header sorting maps onto the server's sorts: the list is paged and sorted in the database. */
const SORT_OF_COLUMN: Record<string, ToolSort> = { key: "key", exposure: "exposure", updatedAt: "updated" };

interface ToolTableProps {
  team: string;
  catalog: string;
  rows: Row[];
  canEdit: boolean;
  search: string;
  sort: ToolSort;
  onSort: (sort: ToolSort) => void;
  selected: Map<string, number>;
  onToggle: (id: string, revision: number) => void;
  onTogglePage: () => void;
  empty: React.ReactNode;
}

type ColumnsInput = Pick<ToolTableProps, "team" | "catalog" | "search" | "selected" | "onToggle" | "onTogglePage"> & {
  allOnPage: boolean;
  /** A phone: the description goes under the tool's key, and only the key and exposure columns are shown. */
  narrow: boolean;
};

/** The checkbox column: one per row, and one in the header for the whole page. */
function selectColumn({ selected, allOnPage, onToggle, onTogglePage }: ColumnsInput) {
  return column.display({
    id: "select",
    size: 40,
    enableResizing: false,
    header: () => (
      <input type="checkbox" aria-label="Select all on this page" checked={allOnPage} onChange={onTogglePage} />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.key}`}
        checked={selected.has(row.original.id)}
        onChange={() => onToggle(row.original.id, row.original.revision)}
      />
    ),
  });
}

function toolColumns(input: ColumnsInput) {
  const { team, catalog, search, narrow } = input;
  return [
    selectColumn(input),
    column.accessor("key", {
      header: "Tool",
      size: narrow ? 200 : 300,
      cell: ({ row }) => (
        <>
          <Link
            href={`/t/${team}/${catalog}/tools/${row.original.id}`}
            className="font-mono text-xs break-all hover:underline"
          >
            <Highlight text={row.original.key} needle={search} />
          </Link>
          <UpstreamMark team={team} catalog={catalog} toolId={row.original.id} variant="badge" />
          <SourceChangedMark team={team} catalog={catalog} toolId={row.original.id} variant="badge" />
          {narrow && (
            <Description text={row.original.description} highlight={search} className="mt-1 text-xs text-stone-700" />
          )}
        </>
      ),
    }),
    column.accessor("exposure", {
      header: "Exposure",
      size: narrow ? 110 : 120,
      cell: ({ row }) => <ExposureCell row={row.original} />,
    }),
    column.accessor("description", {
      header: "Description",
      size: 520,
      enableSorting: false,
      cell: ({ row }) => (
        <Description text={row.original.description} highlight={search} className="text-stone-700" compact />
      ),
    }),
    column.accessor("updatedAt", {
      header: "Changed",
      size: 130,
      cell: ({ row }) => (
        <span className="text-xs text-stone-500">
          <RelativeTime date={row.original.updatedAt} />
        </span>
      ),
    }),
  ];
}

function ExposureCell({ row }: { row: Row }) {
  return (
    <span className="whitespace-nowrap">
      <ExposureBadge exposure={row.exposure} />
      {row.searchTextMode !== "generated" && (
        <span
          className="ml-1 text-xs text-stone-500"
          title={`search text: ${row.searchTextMode}`}
          aria-label={`search text ${row.searchTextMode}`}
        >
          ✎
        </span>
      )}
    </span>
  );
}

/** A header cell: a sort button for the columns the server sorts by, and a resize handle. */
function HeaderCell({
  header,
  sort,
  onSort,
}: {
  header: Header<Row, unknown>;
  sort: ToolSort;
  onSort: (sort: ToolSort) => void;
}) {
  const serverSort = SORT_OF_COLUMN[header.column.id];
  const isSorted = serverSort === sort;
  return (
    <th
      style={{ width: header.getSize() }}
      className="relative px-3 py-2 font-medium"
      aria-sort={isSorted ? (sort === "updated" ? "descending" : "ascending") : undefined}
    >
      {serverSort ? (
        <button
          type="button"
          onClick={() => onSort(serverSort)}
          className="flex items-center gap-1 hover:text-stone-900"
        >
          {flexRender(header.column.columnDef.header, header.getContext())}
          <span aria-hidden>{isSorted ? (sort === "updated" ? "↓" : "↑") : ""}</span>
        </button>
      ) : (
        flexRender(header.column.columnDef.header, header.getContext())
      )}
      {header.column.getCanResize() && (
        <div
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          className="absolute top-0 right-0 h-full w-1 cursor-col-resize select-none hover:bg-stone-300"
          aria-hidden
        />
      )}
    </th>
  );
}

/**
 * A cell's content, its renderer called rather than mounted: flexRender mounts a cell function as a component, and
 * the columns are rebuilt whenever the selection or the search changes, so each rebuild would remount every cell
 * and reset its state (an expanded description collapsed by ticking a checkbox). The renderers above use no hooks.
 */
function renderCell(cell: Cell<Row, unknown>) {
  const render = cell.column.columnDef.cell;
  return typeof render === "function" ? render(cell.getContext()) : render;
}

/** The tool list's table (TanStack Table): fixed, resizable columns, header sorting, row selection. */
export function ToolTable({
  team,
  catalog,
  rows,
  canEdit,
  search,
  sort,
  onSort,
  selected,
  onToggle,
  onTogglePage,
  empty,
}: ToolTableProps) {
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const narrow = useNarrowScreen();
  const columns = useMemo(
    () => toolColumns({ team, catalog, search, selected, allOnPage, onToggle, onTogglePage, narrow }),
    [team, catalog, search, selected, allOnPage, onToggle, onTogglePage, narrow],
  );
  const [columnSizing, setColumnSizing] = useState({});
  const sorting: SortingState = Object.entries(SORT_OF_COLUMN)
    .filter(([, s]) => s === sort)
    .map(([id]) => ({ id, desc: sort === "updated" }));
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: {
      sorting,
      columnSizing,
      columnVisibility: { select: canEdit, description: !narrow, updatedAt: !narrow },
    },
    onColumnSizingChange: setColumnSizing,
    columnResizeMode: "onChange",
  });

  // Outside the (wide, sideways-scrolling) table, so a phone shows the whole message and its links.
  if (rows.length === 0) {
    return (
      <section
        aria-label="Tools"
        className="rounded-lg border border-stone-200 bg-white px-3 py-8 text-center text-stone-600"
      >
        {empty}
      </section>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table
        className="w-full table-fixed border-collapse text-sm"
        aria-label="Tools"
        style={{ minWidth: table.getTotalSize() }}
      >
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-stone-200 text-left text-xs text-stone-500">
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} sort={sort} onSort={onSort} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-b border-stone-100 align-top last:border-0 hover:bg-stone-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-1.5" style={{ width: cell.column.getSize() }}>
                  {renderCell(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
