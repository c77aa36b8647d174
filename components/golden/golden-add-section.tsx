"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc-provider";
import { GoldenQueryForm } from "./golden-query-form";

/** The add form; a fresh (empty) form after each added query. */
export function GoldenAddSection({ team, catalog, onAdded }: { team: string; catalog: string; onAdded: () => void }) {
  const trpc = useTRPC();
  const [formKey, setFormKey] = useState(0);
  const create = useMutation(
    trpc.golden.create.mutationOptions({
      onSuccess: () => (setFormKey((k) => k + 1), onAdded()),
      meta: { success: "Golden query added", errorTitle: "The golden query was not added" },
    }),
  );
  return (
    <section aria-label="Add a golden query" className="rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="mb-3 font-semibold">Add a golden query</h3>
      <GoldenQueryForm
        key={formKey}
        team={team}
        catalog={catalog}
        submitLabel="Add golden query"
        isPending={create.isPending}
        error={create.error?.message}
        onSubmit={(draft) => create.mutate({ team, catalog, ...draft })}
      />
    </section>
  );
}
