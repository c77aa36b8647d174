// Test helper: the shared tool corpus as index documents (through the search-text builder).
import { effectiveSearchText, type IndexDoc } from "../index";
import { readJsonl } from "./shared";

export interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters?: unknown;
}

export interface LabelledQuery {
  query: string;
  gold: string[];
  lang?: string;
}

export function readCorpusDocs(relativePath: string): IndexDoc[] {
  return readJsonl<CorpusTool>(relativePath).map((tool) => ({
    id: `${tool.namespace}.${tool.name}`,
    name: tool.name,
    namespace: tool.namespace,
    text: effectiveSearchText({ ...tool, namespace: { name: tool.namespace } }),
  }));
}
