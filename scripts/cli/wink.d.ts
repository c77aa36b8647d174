// Minimal types for the benchmark peers that ship none (used by scripts/bench-search.ts).
declare module "wink-bm25-text-search" {
  interface WinkBm25 {
    defineConfig(config: { fldWeights: Record<string, number> }): boolean;
    definePrepTasks(tasks: Array<(input: never) => unknown>): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(): boolean;
    search(text: string, limit?: number): Array<[string | number, number]>;
  }
  export default function winkBm25(): WinkBm25;
}

declare module "wink-nlp-utils" {
  type Task = (input: never) => unknown;
  const nlp: {
    string: { lowerCase: Task; removeExtraSpaces: Task; tokenize0: Task };
    tokens: { removeWords: Task; stem: Task };
  };
  export default nlp;
}
