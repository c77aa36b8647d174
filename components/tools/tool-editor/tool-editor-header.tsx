"use client";

import Link from "next/link";
import { UpstreamMark } from "../../review/upstream-mark";
import { SourceChangedMark } from "../../sources/source-changed-mark";
import { buttonClass } from "../../ui/control-styles";
import type { ToolDetail } from "./tool-form";
import { ToolActions } from "./tool-actions";

interface ToolEditorHeaderProps {
  team: string;
  catalog: string;
  base: ToolDetail | null;
  canEdit: boolean;
  isSaveDisabled: boolean;
  onSave: () => void;
}

/** Breadcrumb, key and revision, and the tool's actions with the save button. */
export function ToolEditorHeader({ team, catalog, base, canEdit, isSaveDisabled, onSave }: ToolEditorHeaderProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-xs text-stone-500">
            <Link href={`/t/${team}/${catalog}`} className="hover:underline">
              Tools
            </Link>{" "}
            / {base ? "edit" : "new"}
          </p>
          <h2 className={`text-lg font-semibold break-all ${base ? "font-mono" : ""}`}>
            {base ? base.key : "New tool"}
          </h2>
          {base && <p className="text-xs text-stone-500">Revision {base.revision}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {base && <ToolActions team={team} catalog={catalog} tool={base} canEdit={canEdit} />}
          {canEdit && (
            <button
              type="button"
              className={buttonClass}
              onClick={onSave}
              disabled={isSaveDisabled}
              data-shortcut="save"
              aria-keyshortcuts="Control+S Meta+S"
            >
              {base ? "Save" : "Create tool"}
            </button>
          )}
        </div>
      </div>
      {base && <UpstreamMark team={team} catalog={catalog} toolId={base.id} variant="banner" />}
      {base && <SourceChangedMark team={team} catalog={catalog} toolId={base.id} variant="banner" />}
    </>
  );
}
