import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";

/**
 * The JSON editor in the app's palette: colours from the theme variables, so both themes keep 4.5:1 contrast
 * (CodeMirror's bundled dark theme draws property names and gutter numbers below it).
 */
export const editorTheme = [
  EditorView.theme({
    "&": { backgroundColor: "var(--color-white)", color: "var(--color-stone-900)" },
    ".cm-content": { caretColor: "var(--color-stone-900)" },
    ".cm-gutters": {
      backgroundColor: "var(--color-stone-50)",
      color: "var(--color-stone-600)",
      borderRight: "1px solid var(--color-stone-200)",
    },
    ".cm-activeLineGutter": { backgroundColor: "var(--color-stone-100)" },
    "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
      backgroundColor: "var(--color-sky-200)",
    },
    ".cm-cursor": { borderLeftColor: "var(--color-stone-900)" },
  }),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.propertyName, color: "var(--color-sky-800)" },
      { tag: tags.string, color: "var(--color-emerald-800)" },
      { tag: [tags.number, tags.bool, tags.null], color: "var(--color-amber-800)" },
      { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: "var(--color-stone-700)" },
    ]),
  ),
];
