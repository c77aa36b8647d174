"use client";

import { ThemeProvider, useTheme } from "next-themes";
import { Tooltip } from "radix-ui";
import { Toaster } from "sonner";
import type { ReactNode } from "react";

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme === "dark" ? "dark" : "light"} position="bottom-right" richColors closeButton />;
}

/** Theme (follows the system until a person picks one), tooltips and toasts for every page. `nonce` is the per-request CSP nonce for next-themes' inline script. */
export function AppProviders({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <Tooltip.Provider delayDuration={300}>
        {children}
        <ThemedToaster />
      </Tooltip.Provider>
    </ThemeProvider>
  );
}
