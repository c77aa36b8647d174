// Shared by the server page and the client list: a "use client" module's constants would reach
// a server component only as client references, so they live here.
import type { Exposure } from "@/domain/vocabulary";

export type { Exposure };
export type ToolSort = "relevance" | "key" | "name" | "updated" | "exposure";

export interface ToolListFilters {
  q: string;
  ns: string | null; // "" = no namespace
  exp: Exposure | null;
  sort: ToolSort;
}

/** Rows per `tool.list` request: the server renders the first, scrolling fetches the ones around the viewport. */
export const PAGE_SIZE = 100;

/**
 * The list was paged 50 to a page before it scrolled: an old link's `?page=N` opens the list at the first tool of
 * that page.
 */
export const LEGACY_PAGE_SIZE = 50;
