"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { refetchAfterChange } from "@/components/refetch";
import { useTRPC } from "@/components/trpc-provider";
import { appErrorOf } from "../ui/app-error";

import type { Exposure } from "@/domain/vocabulary";
import type { ImportDecisions } from "@/domain/import";

export type { Exposure };
export type FetchedSource = { text: string; serverName: string | null; namespaceDescription: string | null };

/** What the person typed or fetched; `serverDescription` is what a live server said about itself at initialize. */
export interface ImportFields {
  text: string;
  namespace: string;
  mcpServer: string;
  serverDescription: string | null;
  exposure: Exposure;
}

const MAX_FILE_BYTES = 4_000_000;
/** A server name as a namespace: the tool-name alphabet, at most 64 characters. */
const namespaceOf = (name: string) =>
  name
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64);

/** The import's source and options, its preview and commit; any edit makes the preview stale. */
export function useImportWizard(team: string, catalog: string, initial?: { text: string; namespace: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<ImportFields>({
    ...{ text: initial?.text ?? "", namespace: initial?.namespace ?? "" },
    ...{ mcpServer: "", serverDescription: null, exposure: "deferred" },
  });
  const [skipInvalid, setSkipInvalid] = useState(false);
  const decisions = useDecisions();
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useMutation(
    trpc.import.preview.mutationOptions({
      onSuccess: () => decisions.clear(),
      meta: { errorTitle: "The preview failed" },
    }),
  );
  const commit = useMutation(
    trpc.import.commit.mutationOptions({
      onSuccess: () => refetchAfterChange(queryClient, { queryKey: trpc.tool.pathKey() }),
      meta: { success: "Tools imported", errorTitle: "Nothing was imported" },
    }),
  );
  const { namespace, mcpServer, exposure, serverDescription } = fields;
  const options = {
    ...{ namespace: namespace.trim() || null, mcpServer: mcpServer.trim() || null },
    ...{ exposure, namespaceDescription: serverDescription },
  };

  // Any change to the source or the options makes the preview stale: the user previews again before importing.
  const edit = (patch: Partial<ImportFields> | ((f: ImportFields) => Partial<ImportFields>)) => {
    setFields((f) => ({ ...f, ...(typeof patch === "function" ? patch(f) : patch) }));
    preview.reset();
    commit.reset();
  };
  async function readFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setFileError(`${file.name} is over 4 MB; split it.`);
    edit({ text: await file.text() });
  }
  const takeFetched = ({ text, serverName, namespaceDescription }: FetchedSource) =>
    edit((f) => ({
      text,
      serverDescription: namespaceDescription,
      ...(serverName ? { mcpServer: serverName, namespace: f.namespace || namespaceOf(serverName) } : {}),
    }));
  const error = appErrorOf(preview.error) ?? appErrorOf(commit.error);
  const files = { fileError, readFile, takeFetched };
  return { fields, edit, files, skipInvalid, setSkipInvalid, decisions, preview, commit, error, options };
}

const NONE: ImportDecisions = { removed: {}, conflicts: {} };

/** The user's choice per removed row (remove / keep) and per conflict row (upstream / ours); none at first. */
function useDecisions() {
  const [chosen, setChosen] = useState<ImportDecisions>(NONE);
  const set = (kind: keyof ImportDecisions, toolIds: string[], choice: string) =>
    setChosen((d) => ({ ...d, [kind]: { ...d[kind], ...Object.fromEntries(toolIds.map((id) => [id, choice])) } }));
  return { chosen, set, clear: () => setChosen(NONE) };
}

export type ImportWizardState = ReturnType<typeof useImportWizard>;
