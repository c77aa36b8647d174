"use client";

import { useQueryClient } from "@tanstack/react-query";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useTRPC } from "@/components/trpc-provider";
import { downloadFile } from "@/components/ui/download-file";
import { MENU_CLASS, MENU_ITEM_CLASS } from "@/components/ui/theme-switch";
import { secondaryButtonClass } from "../ui/control-styles";

const FORMATS = [
  {
    format: "openai",
    label: "OpenAI Responses tools",
    hint: "direct functions, deferred ones in namespaces with defer_loading, plus tool_search",
  },
  {
    format: "anthropic",
    label: "Anthropic tools",
    hint: "defer_loading on deferred tools, plus the BM25 tool-search tool",
  },
  {
    format: "mcp",
    label: "MCP tools/list",
    hint: "what a client without tool search gets (deferred tools follow their fallback)",
  },
  {
    format: "stockroom",
    label: "Stockroom catalog (lossless)",
    hint: "every tool and field, namespaces and golden queries; imports into an empty catalog",
  },
] as const;

/** Downloads the draft in a provider's format, built exactly as a published snapshot would be. */
export function ExportMenu({ team, catalog }: { team: string; catalog: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [supportsToolSearch, setSupportsToolSearch] = useState(true);
  const download = (format: (typeof FORMATS)[number]["format"]) =>
    downloadFile(async () => {
      const result = await queryClient.fetchQuery({
        ...trpc.export.draft.queryOptions({ team, catalog, format, supportsToolSearch }),
        staleTime: 0,
      });
      return { content: result.json, filename: result.filename, type: "application/json" };
    });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={secondaryButtonClass}>
        Export <span aria-hidden>▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={`${MENU_CLASS} w-80 max-w-[calc(100vw-1rem)]`}>
          {FORMATS.map((f) => (
            <DropdownMenu.Item key={f.format} className={EXPORT_ITEM_CLASS} onSelect={() => download(f.format)}>
              <span className="font-medium">{f.label}</span>
              <span className="block text-xs text-stone-500">{f.hint}</span>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-stone-100" />
          <DropdownMenu.CheckboxItem
            checked={supportsToolSearch}
            onCheckedChange={setSupportsToolSearch}
            onSelect={(e) => e.preventDefault()}
            className={`${MENU_ITEM_CLASS} text-xs text-stone-600`}
          >
            <DropdownMenu.ItemIndicator className="absolute left-2">✓</DropdownMenu.ItemIndicator>
            Client supports tool search (otherwise deferred tools follow their fallback)
          </DropdownMenu.CheckboxItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const EXPORT_ITEM_CLASS =
  "block cursor-default select-none rounded px-2 py-1 text-left outline-none data-[highlighted]:bg-stone-100";
