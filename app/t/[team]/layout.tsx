import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell";
import { load } from "@/server/page-guard";

export const dynamic = "force-dynamic";

export default async function TeamLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ team: string }>;
}) {
  const { team: slug } = await params;
  const [teams, me] = await Promise.all([load((api) => api.team.mine()), load((api) => api.account.me())]);
  const team = teams.find((t) => t.slug === slug);
  if (!team) notFound();
  return (
    <AppShell team={team} teams={teams} user={me}>
      {children}
    </AppShell>
  );
}
