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
  page: number;
}

export const PAGE_SIZE = 50;
