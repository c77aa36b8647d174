"use client";

import { defaultRangeExtractor, type Range, useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type CellContext, renderToolCell } from "./tool-columns";
import { type ToolListQuery, type ToolPage, type ToolRow, useToolPages } from "./use-tool-pages";
import { withGaps } from "./virtual-rows";

/**
 * A row of one dense line, in px (text-sm's 20 px line, py-1.5, a 1 px border): exact for most rows, so a jump (End,
 * a dragged scrollbar) lands where it aimed. Each drawn row is measured, so a taller one (an open description, a
 * phone's two lines) only moves the rows below it.
 */
const ROW_ESTIMATE = 33;
/** Rows drawn past each edge of the viewport, so a scroll shows drawn rows before the next render lands. */
const OVERSCAN = 8;
/** Before the browser has measured the window (and on the server), the list is drawn as on a laptop screen. */
const INITIAL_RECT = { width: 1024, height: 720 };

interface ToolRowsProps {
  cx: CellContext;
  query: ToolListQuery;
  firstPage: ToolPage;
  selected: Map<string, number>;
  head: ReactNode;
  /** The visible columns as "id:width,…": a new value only when a column is shown, hidden or resized. */
  widths: string;
  minWidth: number;
  startRow: number;
}

/**
 * Keeps the row holding the focus drawn while it is scrolled out of view, so the keyboard's place survives a scroll
 * (Tab then goes on from it, as in a list drawn whole).
 */
function useKeepFocusedRow() {
  const focused = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const at = focused.current;
    if (at === null || at >= range.count || indexes.includes(at)) return indexes;
    return at < indexes[0]! ? [at, ...indexes] : [...indexes, at];
  }, []);
  const onFocus = (event: React.FocusEvent) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>("tr[data-index]");
    focused.current = row ? Number(row.dataset.index) : null;
  };
  const onBlur = (event: React.FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
  };
  return { rangeExtractor, onFocus, onBlur };
}

/**
 * Where the list's first row starts in the page (the virtualizer's scrollMargin), null until measured: again whenever
 * the page's height changes (a bulk bar or a checklist above it, rows measured taller than estimated).
 */
function useListTop(ref: RefObject<HTMLElement | null>) {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current) setTop(Math.round(ref.current.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/**
 * An old link's page opens the list at its first row (once the list's place in the page is known); a new query
 * (filter, search, sort) shows the list from its top if the page was scrolled past it.
 */
function useScrollPlace(
  scrollToRow: (index: number) => void,
  listTop: number | null,
  queryKey: string,
  startRow: number,
) {
  const opened = useRef(false);
  const shownKey = useRef(queryKey);
  useEffect(() => {
    if (opened.current || listTop === null) return;
    opened.current = true;
    if (startRow > 0) scrollToRow(startRow);
  }, [scrollToRow, listTop, startRow]);
  useEffect(() => {
    if (shownKey.current === queryKey) return;
    shownKey.current = queryKey;
    if (listTop !== null && window.scrollY > listTop) scrollToRow(0);
  }, [scrollToRow, listTop, queryKey]);
}

interface RowProps {
  index: number;
  tool: ToolRow | undefined;
  cx: CellContext;
  columns: string[];
  isSelected: boolean;
  measure: (row: HTMLTableRowElement | null) => void;
}

/** A tool's row, or a placeholder while its page loads; memoized, so a scroll renders only the rows it brings in. */
const ToolRowView = memo(function ToolRowView({ index, tool, cx, columns, isSelected, measure }: RowProps) {
  const cell = "border-b border-stone-100 px-3 py-1.5";
  if (!tool)
    return (
      <tr ref={measure} data-index={index} aria-rowindex={index + 2} aria-busy="true">
        <td colSpan={columns.length} className={`${cell} text-stone-400`}>
          Loading…
        </td>
      </tr>
    );
  return (
    <tr ref={measure} data-index={index} aria-rowindex={index + 2} className="align-top hover:bg-stone-50">
      {columns.map((id) => (
        <td key={id} className={cell}>
          {renderToolCell(id, tool, cx, isSelected)}
        </td>
      ))}
    </tr>
  );
});

/** A row's worth of nothing: the height of rows not drawn, hidden from assistive tech. */
function Gap({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={colSpan} style={{ height, padding: 0 }} />
    </tr>
  );
}

/**
 * The table of the tool list, scrolled with the page: the body draws only the rows near the viewport, with the space
 * of the others above and below them.
 */
export function ToolRows({ cx, query, firstPage, selected, head, widths, minWidth, startRow }: ToolRowsProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const listTop = useListTop(bodyRef);
  const { rangeExtractor, onFocus, onBlur } = useKeepFocusedRow();
  const total = firstPage.total;
  const virtualizer = useWindowVirtualizer({
    count: total,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    rangeExtractor,
    scrollMargin: listTop ?? 0,
    initialRect: INITIAL_RECT,
    initialOffset: 0, // the server's rows, whatever the page's scroll when it hydrates
  });
  const items = virtualizer.getVirtualItems();
  // The viewport's rows (before the focused row is added), so a kept focus far away fetches no pages between.
  const range = virtualizer.range ?? { startIndex: 0, endIndex: 0 };
  const rowAt = useToolPages(query, firstPage, range.startIndex - OVERSCAN, range.endIndex + OVERSCAN);
  const scrollToRow = useCallback(
    (index: number) => virtualizer.scrollToIndex(Math.min(index, total - 1), { align: "start" }),
    [virtualizer, total],
  );
  useScrollPlace(scrollToRow, listTop, JSON.stringify(query), startRow);
  const columns = useMemo(() => widths.split(",").map((c) => c.slice(0, c.indexOf(":"))), [widths]);
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
        aria-label="Tools"
        aria-rowcount={total + 1}
        style={{ minWidth }}
      >
        {head}
        <tbody ref={bodyRef} onFocus={onFocus} onBlur={onBlur}>
          {withGaps(items, virtualizer.getTotalSize(), virtualizer.options.scrollMargin).map((segment) => {
            if ("gap" in segment) return <Gap key={segment.key} height={segment.gap} colSpan={columns.length} />;
            const { item } = segment;
            const tool = rowAt(item.index);
            return (
              <ToolRowView
                key={`${item.index}:${tool?.id ?? "loading"}`}
                index={item.index}
                tool={tool}
                cx={cx}
                columns={columns}
                isSelected={!!tool && selected.has(tool.id)}
                measure={virtualizer.measureElement}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
