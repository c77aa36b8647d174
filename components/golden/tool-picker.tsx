"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useDebouncedValue } from "@/components/playground/use-debounced-value";
import { useTRPC } from "../trpc-provider";

interface ToolPickerProps {
  team: string;
  catalog: string;
  value: string[];
  onChange: (ids: string[]) => void;
  label?: string;
}

/** The chosen tools as chips, each removable. */
function ChosenTools({ value, onChange, label }: Pick<ToolPickerProps, "value" | "onChange"> & { label: string }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`${label} chosen`}>
      {value.map((key) => (
        <li key={key} className="flex items-center gap-1 rounded bg-sky-100 px-2 py-0.5 font-mono text-xs text-sky-900">
          {key}
          <button
            type="button"
            aria-label={`Remove ${key}`}
            onClick={() => onChange(value.filter((k) => k !== key))}
            className="text-sky-700 hover:text-sky-950"
          >
            ×
          </button>
        </li>
      ))}
      {value.length === 0 && <li className="text-xs text-stone-500">None: the right answer is “no tool fits”.</li>}
    </ul>
  );
}

/** Expected tools picked from the catalog: an autocomplete over tool keys (server-side search), shown as removable chips. */
export function ToolPicker({ team, catalog, value, onChange, label = "Expected tools" }: ToolPickerProps) {
  const trpc = useTRPC();
  const id = useId();
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim());
  const matches = useQuery({
    ...trpc.tool.list.queryOptions({ team, catalog, search: search || undefined, pageSize: 8, sort: "key" }),
    enabled: isOpen && search.length > 0,
    placeholderData: keepPreviousData,
  });
  const options = (search ? (matches.data?.tools ?? []) : []).filter((tool) => !value.includes(tool.key));

  function pick(key: string) {
    onChange([...value, key]);
    setText("");
    setActive(0);
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <ChosenTools value={value} onChange={onChange} label={label} />
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={isOpen && options.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && options[active] ? `${id}-option-${active}` : undefined}
          value={text}
          placeholder="Type to find a tool by name or description"
          onChange={(e) => {
            setText(e.target.value);
            setIsOpen(true);
            setActive(0);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setTimeout(() => setIsOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, options.length - 1));
            else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
            else if (e.key === "Enter" && options[active]) {
              e.preventDefault();
              pick(options[active].key);
            } else if (e.key === "Escape") setIsOpen(false);
          }}
          className="w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm focus:border-stone-500 focus:outline-none"
        />
        {isOpen && options.length > 0 && (
          <ul
            id={`${id}-list`}
            role="listbox"
            aria-label="Matching tools"
            className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded border border-stone-200 bg-white shadow-lg"
          >
            {options.map((tool, i) => (
              <li
                key={tool.id}
                id={`${id}-option-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(tool.key);
                }}
                className={`cursor-pointer px-3 py-1.5 text-sm ${i === active ? "bg-stone-100" : ""}`}
              >
                <span className="font-mono text-xs">{tool.key}</span>
                {tool.exposure !== "deferred" && (
                  <span className="ml-2 text-xs text-amber-700">{tool.exposure}: not searchable</span>
                )}
                <span className="block truncate text-xs text-stone-500">{tool.description.split("\n")[0]}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
