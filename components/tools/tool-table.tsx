"use client";

import { flexRender, getCoreRowModel, useReactTable, type Header, type SortingState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useNarrowScreen } from "@/components/ui/use-narrow-screen";
import { type SelectAll, toolColumns } from "./tool-columns";
import type { ToolSort } from "./tool-list-filters";
import { ToolRows } from "./tool-rows";
import type { ToolListQuery, ToolPage, ToolRow } from "./use-tool-pages";

export type { ToolPage } from "./use-tool-pages";

/** Header sorting maps onto the server's sorts: the list is fetched and sorted in the database. */
const SORT_OF_COLUMN: Record<string, ToolSort> = { key: "key", exposure: "exposure", updatedAt: "updated" };
const NO_ROWS: ToolRow[] = [];

interface ToolTableProps {
  team: string;
  catalog: string;
  /** The list's query (without its page): the rows past the first page are fetched with it while scrolling. */
  query: ToolListQuery;
  firstPage: ToolPage | undefined;
  canEdit: boolean;
  search: string;
  sort: ToolSort;
  onSort: (sort: ToolSort) => void;
  selected: Map<string, number>;
  onToggle: (id: string, revision: number) => void;
  selectAll: SelectAll;
  /** An old link's page: the list opens scrolled to this row. */
  startRow: number;
  empty: React.ReactNode;
}

/** A header cell: a sort button for the columns the server sorts by, and a resize handle. */
function HeaderCell({
  header,
  sort,
  onSort,
}: {
  header: Header<ToolRow, unknown>;
  sort: ToolSort;
  onSort: (sort: ToolSort) => void;
}) {
  const serverSort = SORT_OF_COLUMN[header.column.id];
  const isSorted = serverSort === sort;
  const label = flexRender(header.column.columnDef.header, header.getContext());
  return (
    <th
      style={{ width: header.getSize() }}
      className="relative border-b border-stone-200 bg-white px-3 py-2 font-medium"
      aria-sort={isSorted ? (sort === "updated" ? "descending" : "ascending") : undefined}
    >
      {serverSort ? (
        <button
          type="button"
          onClick={() => onSort(serverSort)}
          className="flex items-center gap-1 hover:text-stone-900"
        >
          {label}
          <span aria-hidden>{isSorted ? (sort === "updated" ? "↓" : "↑") : ""}</span>
        </button>
      ) : (
        label
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
 * The tool list's table: TanStack Table for the columns (fixed, resizable, header sorting), TanStack Virtual for the
 * rows. Only the rows around the viewport are in the DOM; the table says how many there are (aria-rowcount) and
 * where each rendered row stands (aria-rowindex), so a screen reader counts the whole list.
 */
export function ToolTable(props: ToolTableProps) {
  const { team, catalog, firstPage, canEdit, search, sort, onSort, selected, onToggle, selectAll, empty } = props;
  const narrow = useNarrowScreen();
  const columns = useMemo(() => toolColumns(narrow, selectAll), [narrow, selectAll]);
  const [columnSizing, setColumnSizing] = useState({});
  const sorting: SortingState = Object.entries(SORT_OF_COLUMN)
    .filter(([, s]) => s === sort)
    .map(([id]) => ({ id, desc: sort === "updated" }));
  const table = useReactTable({
    data: NO_ROWS, // the body draws its rows itself, from the pages fetched around the viewport
    columns,
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
  const widths = table
    .getVisibleLeafColumns()
    .map((c) => `${c.id}:${c.getSize()}`)
    .join(",");
  const cx = useMemo(() => ({ team, catalog, search, narrow, onToggle }), [team, catalog, search, narrow, onToggle]);

  // Outside the (wide, sideways-scrolling) table, so a phone shows the whole message and its links.
  if (!firstPage || firstPage.total === 0) {
    return (
      <section
        aria-label="Tools"
        className="rounded-lg border border-stone-200 bg-white px-3 py-8 text-center text-stone-600"
      >
        {empty}
      </section>
    );
  }
  const head = (
    <thead className="sticky top-0 z-10">
      <tr aria-rowindex={1} className="text-left text-xs text-stone-500">
        {table.getHeaderGroups()[0]!.headers.map((header) => (
          <HeaderCell key={header.id} header={header} sort={sort} onSort={onSort} />
        ))}
      </tr>
    </thead>
  );
  return (
    <ToolRows
      {...{ cx, selected, head, widths }}
      query={props.query}
      firstPage={firstPage}
      startRow={props.startRow}
      minWidth={table.getTotalSize()}
    />
  );
}
