import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { TrpcReactProvider } from "@/components/trpc-provider";
import { AppProviders } from "@/components/ui/app-providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Stockroom", template: "%s · Stockroom" },
  description: "Tool-catalog admin for LLM agents: exposure, search text, BM25 previews and versioned snapshots.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#0e0e11" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so Next.js can put proxy.ts's nonce on its scripts (a static page has none).
  await connection();
  // next-themes injects an inline script before hydration; it must carry the CSP nonce too.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // next-themes sets the theme class before React hydrates, so <html> differs from the server's on purpose.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen font-sans">
        <AppProviders nonce={nonce}>
          <TrpcReactProvider>{children}</TrpcReactProvider>
        </AppProviders>
      </body>
    </html>
  );
}
