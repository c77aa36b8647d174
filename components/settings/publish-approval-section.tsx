"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "../trpc-provider";
import { Section } from "../ui/field";

/** Four eyes: whether a publish needs another editor's or owner's approval. Owners change it; others read it. */
export function PublishApprovalSection({
  team,
  catalog,
  required: initial,
  isOwner,
}: {
  team: string;
  catalog: string;
  required: boolean;
  isOwner: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [required, setRequired] = useState(initial);
  const change = useMutation(
    trpc.catalog.setPublishApproval.mutationOptions({
      onSuccess: (result) => (setRequired(result.required), router.refresh()),
      onError: () => setRequired(initial),
      meta: {
        success: (data) =>
          (data as { required: boolean }).required
            ? "Publishing now needs another member’s approval"
            : "Editors publish without approval again",
        errorTitle: "The setting was not changed",
      },
    }),
  );
  return (
    <Section title="Publishing">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={required}
          disabled={!isOwner || change.isPending}
          onChange={(e) => {
            // Shown at once; put back if the server refuses.
            setRequired(e.target.checked);
            change.mutate({ team, catalog, required: e.target.checked });
          }}
          className="mt-0.5"
        />
        <span>
          <span className="font-medium">Require approval before publishing</span>
          <span className="block text-xs text-stone-600">
            An editor asks to publish with the release note; another editor or owner approves (which publishes exactly
            the draft that was asked for) or refuses with a reason. {isOwner ? "" : "Only owners change this."}
          </span>
        </span>
      </label>
      {change.error && (
        <p role="alert" className="text-sm text-red-700">
          {change.error.message}
        </p>
      )}
    </Section>
  );
}
