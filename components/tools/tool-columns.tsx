"use client";

import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Description } from "@/components/ui/description";
import { Highlight } from "@/components/ui/highlight";
import { RelativeTime } from "@/components/ui/relative-time";
import { ExposureBadge } from "../ui/exposure-badge";
import { UpstreamMark } from "../review/upstream-mark";
import { SourceChangedMark } from "../sources/source-changed-mark";
import type { ToolRow } from "./use-tool-pages";

/** What every cell of the list may need beyond its own tool: stable while the list scrolls. */
export interface CellContext {
  team: string;
  catalog: string;
  search: string;
  /** A phone: the description goes under the tool's key, and only the key and exposure columns are shown. */
  narrow: boolean;
  onToggle: (id: string, revision: number) => void;
}

/** The header's checkbox: every matching tool (not only the rows on screen), mixed while some are picked. */
export interface SelectAll {
  checked: boolean;
  mixed: boolean;
  onChange: () => void;
}

const column = createColumnHelper<ToolRow>();

function SelectAllBox({ checked, mixed, onChange }: SelectAll) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input ref={ref} type="checkbox" aria-label="Select all matching tools" checked={checked} onChange={onChange} />
  );
}

/**
 * The columns as TanStack Table knows them: headers, sizes, resizing and visibility. The body's cells are drawn by
 * `renderToolCell` from the row's tool alone, so a row can be memoized and a scroll renders only the rows it adds.
 */
export function toolColumns(narrow: boolean, selectAll: SelectAll) {
  return [
    column.display({ id: "select", size: 40, enableResizing: false, header: () => <SelectAllBox {...selectAll} /> }),
    column.accessor("key", { header: "Tool", size: narrow ? 200 : 300 }),
    column.accessor("exposure", { header: "Exposure", size: narrow ? 110 : 120 }),
    column.accessor("description", { header: "Description", size: 520, enableSorting: false }),
    column.accessor("updatedAt", { header: "Changed", size: 130 }),
  ];
}

function KeyCell({ tool, cx }: { tool: ToolRow; cx: CellContext }) {
  const { team, catalog, search, narrow } = cx;
  return (
    <>
      {/* No prefetch: a fast scroll passes hundreds of tools a second, and each would fetch its page. */}
      <Link
        href={`/t/${team}/${catalog}/tools/${tool.id}`}
        prefetch={false}
        className="font-mono text-xs break-all hover:underline"
      >
        <Highlight text={tool.key} needle={search} />
      </Link>
      <UpstreamMark team={team} catalog={catalog} toolId={tool.id} variant="badge" />
      <SourceChangedMark team={team} catalog={catalog} toolId={tool.id} variant="badge" />
      {narrow && <Description text={tool.description} highlight={search} className="mt-1 text-xs text-stone-700" />}
    </>
  );
}

function ExposureCell({ tool }: { tool: ToolRow }) {
  return (
    <span className="whitespace-nowrap">
      <ExposureBadge exposure={tool.exposure} />
      {tool.searchTextMode !== "generated" && (
        <span
          className="ml-1 text-xs text-stone-500"
          title={`search text: ${tool.searchTextMode}`}
          aria-label={`search text ${tool.searchTextMode}`}
        >
          ✎
        </span>
      )}
    </span>
  );
}

/** One body cell of a tool's row. */
export function renderToolCell(columnId: string, tool: ToolRow, cx: CellContext, isSelected: boolean) {
  switch (columnId) {
    case "select":
      return (
        <input
          type="checkbox"
          aria-label={`Select ${tool.key}`}
          checked={isSelected}
          onChange={() => cx.onToggle(tool.id, tool.revision)}
        />
      );
    case "key":
      return <KeyCell tool={tool} cx={cx} />;
    case "exposure":
      return <ExposureCell tool={tool} />;
    case "description":
      return <Description text={tool.description} highlight={cx.search} className="text-stone-700" compact />;
    case "updatedAt":
      return (
        <span className="text-xs text-stone-500">
          <RelativeTime date={tool.updatedAt} />
        </span>
      );
    default:
      return null;
  }
}
