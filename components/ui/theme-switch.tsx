"use client";

import { useTheme } from "next-themes";
import { DropdownMenu } from "radix-ui";
import { useHydrated } from "@/components/use-hydrated";

const THEMES = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

/** Light, dark or the system's choice; remembered per browser by next-themes. */
export function ThemeSwitch() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const isHydrated = useHydrated();
  const icon = isHydrated && resolvedTheme === "dark" ? "☾" : "☀";
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Theme"
        className="rounded-md px-2 py-1 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <span aria-hidden>{icon}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={MENU_CLASS}>
          <DropdownMenu.RadioGroup value={isHydrated ? (theme ?? "system") : "system"} onValueChange={setTheme}>
            {THEMES.map((t) => (
              <DropdownMenu.RadioItem key={t.value} value={t.value} className={MENU_ITEM_CLASS}>
                <DropdownMenu.ItemIndicator className="absolute left-2">✓</DropdownMenu.ItemIndicator>
                {t.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const MENU_CLASS = "z-50 min-w-40 rounded-md border border-stone-200 bg-white p-1 text-sm shadow-lg";
export const MENU_ITEM_CLASS =
  "relative flex cursor-default select-none items-center rounded px-2 py-1.5 pl-7 text-stone-800 outline-none data-[highlighted]:bg-stone-100";
