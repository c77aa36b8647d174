"use client";

import { json } from "@codemirror/lang-json";
import { EditorView } from "@codemirror/view";
import CodeMirror from "@uiw/react-codemirror";
import { editorTheme } from "./editor-theme";
import { useMemo } from "react";

/** A JSON code editor for the parameters schema; the label reaches the editable area for screen readers and tests. */
export function ParametersEditor({
  value,
  onChange,
  label,
  readOnly,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  readOnly?: boolean;
  invalid?: boolean;
}) {
  const extensions = useMemo(
    () => [
      json(),
      ...editorTheme,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": label, "aria-invalid": invalid ? "true" : "false" }),
    ],
    [label, invalid],
  );
  return (
    <div className={`overflow-hidden rounded border ${invalid ? "border-red-400" : "border-stone-300"}`}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        readOnly={readOnly}
        theme="none"
        basicSetup={{ foldGutter: true, highlightActiveLine: false }}
        minHeight="12rem"
        maxHeight="28rem"
      />
    </div>
  );
}
