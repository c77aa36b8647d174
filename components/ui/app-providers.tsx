"use client";

import { ThemeProvider, useTheme } from "next-themes";
import { Tooltip } from "radix-ui";
import { Toaster } from "sonner";
import type { ReactNode } from "react";

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme === "dark" ? "dark" : "light"} position="bottom-right" richColors closeButton />;
}

/** Theme (follows the system until a person picks one), tooltips and toasts for every page. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <Tooltip.Provider delayDuration={300}>
        {children}
        <ThemedToaster />
      </Tooltip.Provider>
    </ThemeProvider>
  );
}
