"use client";

import { useId, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { EXAMPLE_LANGUAGES, EXAMPLE_VARIANTS, LANGUAGE_LABELS, VARIANT_LABELS, type CodeExample, type ExampleLanguage, type ExampleVariant } from "./examples";

function TabList<T extends string>(props: { label: string; options: readonly T[]; labels: Record<T, string>; value: T; onChange: (value: T) => void; panelId: string }) {
  return (
    <div role="tablist" aria-label={props.label} className="flex flex-wrap gap-1">
      {props.options.map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={option === props.value}
          aria-controls={props.panelId}
          onClick={() => props.onChange(option)}
          className={
            option === props.value
              ? "rounded bg-stone-900 px-2 py-0.5 text-xs font-medium text-white"
              : "rounded px-2 py-0.5 text-xs text-stone-600 hover:bg-stone-100"
          }
        >
          {props.labels[option]}
        </button>
      ))}
    </div>
  );
}

/** An operation's examples: pick the language and the encoding (identity, gzip, br, 304 revalidation). */
export function ExampleTabs({ examples, operationId }: { examples: CodeExample[]; operationId: string }) {
  const panelId = `${useId()}-panel`;
  const languages = EXAMPLE_LANGUAGES.filter((language) => examples.some((e) => e.language === language));
  const variants = EXAMPLE_VARIANTS.filter((variant) => examples.some((e) => e.variant === variant));
  const [language, setLanguage] = useState<ExampleLanguage>(languages[0] ?? "curl");
  const [variant, setVariant] = useState<ExampleVariant>(variants[0] ?? "identity");
  const example = examples.find((e) => e.language === language && e.variant === variant);
  return (
    <div className="mt-4 rounded-md border border-stone-200" data-testid={`examples-${operationId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-2 py-1.5">
        <TabList label="Language" options={languages} labels={LANGUAGE_LABELS} value={language} onChange={setLanguage} panelId={panelId} />
        {variants.length > 1 && <TabList label="Encoding" options={variants} labels={VARIANT_LABELS} value={variant} onChange={setVariant} panelId={panelId} />}
      </div>
      <div id={panelId} role="tabpanel" aria-label={`${LANGUAGE_LABELS[language]}, ${VARIANT_LABELS[variant]}`} className="relative">
        {example ? (
          <>
            <CopyButton text={example.code} label={`Copy the ${LANGUAGE_LABELS[language]} example`} className="absolute top-2 right-2" />
            {/* Long lines scroll sideways: focusable so keyboard users can scroll it too (axe scrollable-region-focusable). */}
            <pre tabIndex={0} className="overflow-x-auto bg-stone-50 p-3 pr-16 font-mono text-xs leading-relaxed text-stone-800">
              <code>{example.code}</code>
            </pre>
          </>
        ) : (
          <p className="p-3 text-sm text-stone-600">
            The SDK has no call for this variant: its <code className="font-mono">fetch</code> negotiates compression itself. Pick another language.
          </p>
        )}
      </div>
    </div>
  );
}
