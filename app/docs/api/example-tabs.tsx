"use client";

import { Tabs } from "radix-ui";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import {
  EXAMPLE_LANGUAGES,
  EXAMPLE_VARIANTS,
  LANGUAGE_LABELS,
  VARIANT_LABELS,
  type CodeExample,
  type ExampleLanguage,
  type ExampleVariant,
} from "./examples";

const TAB =
  "rounded px-2 py-0.5 text-xs text-stone-600 hover:bg-stone-100 data-[state=active]:bg-stone-900 data-[state=active]:font-medium data-[state=active]:text-white";

function ExampleCode({ example, language }: { example: CodeExample | undefined; language: ExampleLanguage }) {
  if (!example) {
    return (
      <p className="p-3 text-sm text-stone-600">
        The SDK has no call for this variant: its <code className="font-mono">fetch</code> negotiates compression
        itself. Pick another language.
      </p>
    );
  }
  return (
    <div className="relative">
      <CopyButton
        text={example.code}
        label={`Copy the ${LANGUAGE_LABELS[language]} example`}
        className="absolute top-2 right-2"
      />
      {/* Long lines scroll sideways (under no button: the code starts below it); focusable so keyboard users can
          scroll it too (axe scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className="overflow-x-auto bg-stone-50 p-3 pt-10 font-mono text-xs leading-relaxed text-stone-800"
      >
        <code>{example.code}</code>
      </pre>
    </div>
  );
}

/** One language's examples, with a tab per encoding when the endpoint negotiates several. */
function VariantTabs(props: {
  examples: CodeExample[];
  language: ExampleLanguage;
  variants: ExampleVariant[];
  variant: ExampleVariant;
  onVariant: (v: ExampleVariant) => void;
}) {
  const { examples, language, variants } = props;
  const exampleOf = (variant: ExampleVariant) => examples.find((e) => e.language === language && e.variant === variant);
  if (variants.length < 2) return <ExampleCode example={exampleOf(props.variant)} language={language} />;
  return (
    <Tabs.Root value={props.variant} onValueChange={(value) => props.onVariant(value as ExampleVariant)}>
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 px-2 py-1.5">
        <span className="text-xs text-stone-500" aria-hidden>
          Encoding
        </span>
        <Tabs.List aria-label="Encoding" className="flex flex-wrap gap-1">
          {variants.map((variant) => (
            <Tabs.Trigger key={variant} value={variant} className={TAB}>
              {VARIANT_LABELS[variant]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </div>
      {variants.map((variant) => (
        <Tabs.Content
          key={variant}
          value={variant}
          aria-label={`${LANGUAGE_LABELS[language]}, ${VARIANT_LABELS[variant]}`}
        >
          <ExampleCode example={exampleOf(variant)} language={language} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** An operation's examples: Radix tabs (arrow keys move between them) for the language, then the encoding. */
export function ExampleTabs({ examples, operationId }: { examples: CodeExample[]; operationId: string }) {
  const languages = EXAMPLE_LANGUAGES.filter((language) => examples.some((e) => e.language === language));
  const variants = EXAMPLE_VARIANTS.filter((variant) => examples.some((e) => e.variant === variant));
  const [language, setLanguage] = useState<ExampleLanguage>(languages[0] ?? "curl");
  // The encoding stays picked when the language changes.
  const [variant, setVariant] = useState<ExampleVariant>(variants[0] ?? "identity");
  return (
    <Tabs.Root
      value={language}
      onValueChange={(value) => setLanguage(value as ExampleLanguage)}
      className="mt-4 rounded-md border border-stone-200"
      data-testid={`examples-${operationId}`}
    >
      <Tabs.List aria-label="Language" className="flex flex-wrap gap-1 border-b border-stone-200 px-2 py-1.5">
        {languages.map((option) => (
          <Tabs.Trigger key={option} value={option} className={TAB}>
            {LANGUAGE_LABELS[option]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {languages.map((option) => (
        <Tabs.Content key={option} value={option} aria-label={LANGUAGE_LABELS[option]}>
          <VariantTabs
            examples={examples}
            language={option}
            variants={variants}
            variant={variant}
            onVariant={setVariant}
          />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
