"use client";

import { useState } from "react";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { OptionsSection, PreviewSection, SourceSection } from "./import-wizard-sections";
import { useImportWizard } from "./use-import-wizard";

interface ImportWizardProps {
  team: string;
  catalog: string;
  initialSource?: "paste" | "live";
  /** Pre-filled source text (the example tools an empty catalog offers). */
  initial?: { text: string; namespace: string };
}

/** Paste / upload / live MCP → preview (new, changed with diff, unchanged, invalid) → import all or nothing. */
export function ImportWizard({ team, catalog, initialSource = "paste", initial }: ImportWizardProps) {
  const [source, setSource] = useState<"paste" | "live">(initialSource);
  const wizard = useImportWizard(team, catalog, initial);
  const scope = { team, catalog, wizard };
  // Pasted, uploaded or fetched tools not yet imported are lost on leaving; the pre-filled example is not.
  const isDirty = wizard.fields.text.trim() !== (initial?.text ?? "").trim() && !wizard.commit.isSuccess;
  return (
    <div className="space-y-4">
      <UnsavedChangesGuard isDirty={isDirty && !wizard.commit.isPending} />
      <SourceSection {...scope} source={source} setSource={setSource} />
      <OptionsSection {...scope} />
      {wizard.preview.data && <PreviewSection {...scope} plan={wizard.preview.data} />}
    </div>
  );
}
