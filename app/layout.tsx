import type { Metadata } from "next";
import type { ReactNode } from "react";
import { TrpcReactProvider } from "@/components/trpc-provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Stockroom", template: "%s · Stockroom" },
  description: "Tool-catalog admin for LLM agents: exposure, search text, BM25 previews and versioned snapshots.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <TrpcReactProvider>{children}</TrpcReactProvider>
      </body>
    </html>
  );
}
