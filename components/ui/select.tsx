"use client";

import { Select as RadixSelect } from "radix-ui";
import { useState } from "react";

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

interface SelectProps<V extends string> {
  options: readonly SelectOption<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  /** The trigger's id, for a `<label htmlFor>`; or name it with `aria-label`. */
  id?: string;
  "aria-label"?: string;
  /** Submits the value with its form (a hidden input, rendered on the server too, so a plain GET form works early). */
  name?: string;
  disabled?: boolean;
  /** Width and spacing of the trigger (`w-full`, `mt-1`); the look is shared. */
  className?: string;
}

/** Options from a value list (`EXPOSURES`), labelled by the value itself unless told otherwise. */
export function optionsOf<V extends string>(values: readonly V[], labelOf: (value: V) => string = (v) => v) {
  return values.map((value): SelectOption<V> => ({ value, label: labelOf(value) }));
}

// Radix refuses "" as an item's value (it means "no value, show the placeholder"); ours map to this and back.
const EMPTY = "∅";
const toItem = (value: string) => (value === "" ? EMPTY : value);

const TRIGGER_CLASS =
  "flex h-[30px] max-w-full items-center justify-between gap-2 rounded border border-stone-300 bg-white px-2 text-left text-sm font-normal text-stone-900 hover:border-stone-400 disabled:cursor-not-allowed disabled:opacity-50 data-[state=open]:border-stone-500";
const CONTENT_CLASS =
  "z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border border-stone-200 bg-white text-sm text-stone-800 shadow-lg";
const ITEM_CLASS =
  "relative flex cursor-default select-none items-center rounded py-1.5 pr-3 pl-7 outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-stone-100 data-[state=checked]:font-medium";

/**
 * The one dropdown select (Radix Select): a button with role combobox and a listbox, keyboard-driven (arrows, type to
 * find, Enter, Escape), themed like the menus. Values may be "" (an "any" / "none" choice), unlike Radix's own items.
 */
export function Select<V extends string>({
  options,
  value,
  defaultValue,
  onValueChange,
  id,
  "aria-label": ariaLabel,
  name,
  disabled,
  className = "",
}: SelectProps<V>) {
  const [ownValue, setOwnValue] = useState<V | undefined>(defaultValue);
  const current = value ?? ownValue ?? options[0]?.value;
  const selected = options.find((o) => o.value === current);
  function choose(item: string) {
    const next = options.find((o) => toItem(o.value) === item);
    if (!next) return;
    setOwnValue(next.value);
    onValueChange?.(next.value);
  }
  return (
    <>
      <RadixSelect.Root value={current === undefined ? "" : toItem(current)} onValueChange={choose} disabled={disabled}>
        <RadixSelect.Trigger id={id} aria-label={ariaLabel} className={`${TRIGGER_CLASS} ${className}`}>
          {/* The label given as children renders on the server too (Radix fills it in only after hydration). */}
          <RadixSelect.Value className="min-w-0 truncate">{selected?.label}</RadixSelect.Value>
          <RadixSelect.Icon className="shrink-0 text-stone-500">
            <Chevron />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content position="popper" sideOffset={4} className={CONTENT_CLASS}>
            <RadixSelect.ScrollUpButton className="flex justify-center py-0.5 text-stone-500">
              <Chevron className="rotate-180" />
            </RadixSelect.ScrollUpButton>
            <RadixSelect.Viewport className="p-1">
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={toItem(option.value)} className={ITEM_CLASS}>
                  <RadixSelect.ItemIndicator className="absolute left-2">
                    <Check />
                  </RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
            <RadixSelect.ScrollDownButton className="flex justify-center py-0.5 text-stone-500">
              <Chevron />
            </RadixSelect.ScrollDownButton>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {name && <input type="hidden" name={name} value={current ?? ""} disabled={disabled} />}
    </>
  );
}

// Drawn, not typed: a glyph would join the trigger's text (what screen readers and tests read as its value).
function Chevron({ className = "" }: { className?: string }) {
  return (
    <svg aria-hidden width="10" height="10" viewBox="0 0 10 10" className={className}>
      <path d="M1.5 3.5 5 7l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

function Check() {
  return (
    <svg aria-hidden width="12" height="12" viewBox="0 0 12 12">
      <path d="M2 6.5 5 9l5-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
