"use client";

import { useId, type ReactNode } from "react";
import { LOOKS, type SearchTextValue } from "./search-text-looks";

export type { SearchTextValue } from "./search-text-looks";

interface SearchTextModeFieldsProps {
  variant: keyof typeof LOOKS;
  /** The radio group's name: unique on the page. */
  name: string;
  legend: ReactNode;
  value: SearchTextValue;
  onChange: (patch: Partial<SearchTextValue>) => void;
  disabled?: boolean;
}

/** The search text mode picker, then the extra terms or the override text the chosen mode takes. */
export function SearchTextModeFields({ variant, name, legend, value, onChange, disabled }: SearchTextModeFieldsProps) {
  const look = LOOKS[variant];
  const id = useId();
  const mode = value.searchTextMode;
  return (
    <>
      <fieldset className={look.fieldset} disabled={disabled}>
        <legend className={look.legend}>{legend}</legend>
        <div className={look.options}>
          {look.modes.map((option) => (
            <label key={option.value} className={look.option(mode === option.value)}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={mode === option.value}
                onChange={() => onChange({ searchTextMode: option.value })}
                className={look.radio}
              />
              {option.hint === null ? (
                option.label
              ) : (
                <span>
                  <span className="block font-medium">{option.label}</span>
                  <span className="block text-xs text-stone-600">{option.hint}</span>
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === "generated+extra" && (
        <ModeTextarea
          id={`${id}-extra`}
          look={look}
          field="extra"
          value={value.searchTextExtra}
          disabled={disabled}
          onChange={(searchTextExtra) => onChange({ searchTextExtra })}
        />
      )}
      {mode === "override" && (
        <ModeTextarea
          id={`${id}-override`}
          look={look}
          field="override"
          value={value.searchTextOverride}
          disabled={disabled}
          onChange={(searchTextOverride) => onChange({ searchTextOverride })}
        />
      )}
    </>
  );
}

interface ModeTextareaProps {
  id: string;
  look: (typeof LOOKS)[keyof typeof LOOKS];
  field: "extra" | "override";
  value: string;
  disabled: boolean | undefined;
  onChange: (value: string) => void;
}

/** The extra terms (appended to the generated text) or the override text (replacing it). */
function ModeTextarea({ id, look, field, value, disabled, onChange }: ModeTextareaProps) {
  const text = look[field];
  return (
    <div>
      <label htmlFor={id} className={look.fieldLabel}>
        {text.label}
      </label>
      <textarea
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        rows={field === "extra" ? 2 : 3}
        className={look.textarea}
        placeholder={"placeholder" in text ? text.placeholder : undefined}
      />
    </div>
  );
}
