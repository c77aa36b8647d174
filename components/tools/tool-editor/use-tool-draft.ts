"use client";

import { useMemo, useState } from "react";
import { EMPTY_FORM, formErrors, formOf, type ToolDetail, type ToolForm } from "./tool-form";

export type ToolConflict = { revision: number; theirs: ToolForm | null; changedBy: string | null };

/** The editor's form as typed, the stored tool it is based on, and which fields to show errors for. */
export function useToolDraft(initialTool: ToolDetail | null) {
  const [base, setBase] = useState<ToolDetail | null>(initialTool);
  const [form, setForm] = useState<ToolForm>(initialTool ? formOf(initialTool) : EMPTY_FORM);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const errors = useMemo(() => formErrors(form), [form]);

  const set = (patch: Partial<ToolForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => new Set([...t, ...Object.keys(patch)]));
    setNotice(null);
  };
  /** Makes `tool` the base; `resetForm` also replaces the form and forgets what was touched. */
  const rebase = (tool: ToolDetail, resetForm: boolean) => {
    setBase(tool);
    if (!resetForm) return;
    setForm(formOf(tool));
    setTouched(new Set());
  };
  return { base, form, touched, attempted, setAttempted, notice, setNotice, errors, set, rebase };
}

export type ToolDraft = ReturnType<typeof useToolDraft>;
