"use client";

import { useState } from "react";
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
  return (
    <div className="space-y-4">
      <SourceSection {...scope} source={source} setSource={setSource} />
      <OptionsSection {...scope} />
      {wizard.preview.data && <PreviewSection {...scope} plan={wizard.preview.data} />}
    </div>
  );
}
