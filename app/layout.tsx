import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { TrpcReactProvider } from "@/components/trpc-provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Stockroom", template: "%s · Stockroom" },
  description: "Tool-catalog admin for LLM agents: exposure, search text, BM25 previews and versioned snapshots.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so Next.js can put proxy.ts's nonce on its scripts (a static page has none).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <TrpcReactProvider>{children}</TrpcReactProvider>
      </body>
    </html>
  );
}
