"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { plural } from "@/components/ui/plural";
import { appErrorOf } from "../ui/app-error";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";
import { inputClass, secondaryButtonClass } from "../ui/control-styles";

interface BulkSearchTermsProps {
  team: string;
  catalog: string;
  items: Array<{ id: string; revision: number }>;
  onDone: () => void;
}

const termsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** Adds words to / removes words from the extra search text of every selected tool (one revision-checked write). */
export function BulkSearchTerms({ team, catalog, items, onDone }: BulkSearchTermsProps) {
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const edit = useMutation(
    trpc.tool.bulkSearchTerms.mutationOptions({
      onSuccess: () => {
        setText("");
        onDone();
      },
      meta: {
        success: (result, variables) => {
          const { updated, unchanged } = result as { updated: number; unchanged: number };
          const { add } = variables as { add: string[] };
          const what = add.length > 0 ? "got the new search terms" : "lost those search terms";
          return `${plural(updated, "tool")} ${what}${unchanged > 0 ? `; ${plural(unchanged, "tool")} already matched` : ""}`;
        },
        errorTitle: "No search terms were changed",
      },
    }),
  );
  const terms = termsOf(text);
  const apply = (mode: "add" | "remove") =>
    edit.mutate({ team, catalog, items, add: mode === "add" ? terms : [], remove: mode === "remove" ? terms : [] });
  const error = appErrorOf(edit.error);
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      <UnsavedChangesGuard isDirty={terms.length > 0 && !edit.isPending} />
      <label className="text-xs text-stone-600">
        Extra search terms
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="words, separated by spaces"
          className={`${inputClass} mt-1`}
        />
      </label>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={edit.isPending || terms.length === 0}
        onClick={() => apply("add")}
      >
        Add terms
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={edit.isPending || terms.length === 0}
        onClick={() => apply("remove")}
      >
        Remove terms
      </button>
      {error && (
        <p role="alert" className="w-full text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
