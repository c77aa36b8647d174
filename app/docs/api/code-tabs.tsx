"use client";

import { Tabs } from "radix-ui";
import { CopyButton } from "@/components/ui/copy-button";

/** One example in several languages (Radix Tabs: arrow keys move between them), each with a copy button. */
export function CodeTabs({ label, examples }: { label: string; examples: Array<{ name: string; code: string }> }) {
  return (
    <Tabs.Root defaultValue={examples[0]?.name} className="rounded-md border border-stone-200">
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-2">
        <Tabs.List aria-label={label} className="flex gap-1 overflow-x-auto">
          {examples.map((e) => (
            <Tabs.Trigger
              key={e.name}
              value={e.name}
              className="border-b-2 border-transparent px-2 py-1.5 text-xs text-stone-600 hover:text-stone-900 data-[state=active]:border-stone-900 data-[state=active]:font-medium data-[state=active]:text-stone-900"
            >
              {e.name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </div>
      {examples.map((e) => (
        <Tabs.Content key={e.name} value={e.name} className="relative">
          <div className="absolute top-2 right-2">
            <CopyButton value={e.code} label={`Copy the ${e.name} example`} />
          </div>
          <pre className="overflow-x-auto bg-stone-50 p-3 pr-16 font-mono text-xs leading-relaxed">{e.code}</pre>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
