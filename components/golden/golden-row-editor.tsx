"use client";

import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../trpc-provider";
import { GoldenQueryForm } from "./golden-query-form";
import type { GoldenQueryRow } from "./golden-row";

interface GoldenRowEditorProps {
  team: string;
  catalog: string;
  row: GoldenQueryRow;
  onClose: () => void;
  onChanged: () => void;
}

/** A golden query's edit mode: the form in place of the row, saved against the row's revision. */
export function GoldenRowEditor({ team, catalog, row, onClose, onChanged }: GoldenRowEditorProps) {
  const trpc = useTRPC();
  const update = useMutation(
    trpc.golden.update.mutationOptions({
      onSuccess: () => (onClose(), onChanged()),
      meta: { success: "Golden query saved", errorTitle: "The golden query was not saved" },
    }),
  );
  return (
    <tr className="border-b border-stone-100 bg-stone-50">
      <td colSpan={5} className="px-3 py-3">
        <GoldenQueryForm
          team={team}
          catalog={catalog}
          initial={{ query: row.query, expected: row.expected, note: row.note }}
          submitLabel="Save golden query"
          isPending={update.isPending}
          error={update.error?.message}
          onSubmit={(draft) => update.mutate({ team, catalog, id: row.id, revision: row.revision, ...draft })}
          onCancel={() => (onClose(), update.reset())}
        />
      </td>
    </tr>
  );
}
