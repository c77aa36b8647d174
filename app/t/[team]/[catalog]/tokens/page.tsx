import Link from "next/link";
import { TokensPanel } from "@/components/tokens/tokens-panel";
import { getEnv } from "@/server/env";
import { load } from "@/server/page-guard";

export const metadata = { title: "Agent tokens" };

export default async function AgentTokensPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const teams = await load((api) => api.team.mine());
  const role = teams.find((t) => t.slug === team)?.role;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Agent tokens</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          A token lets one agent read this catalog’s published snapshots over HTTP or tRPC — nothing else, and no other catalog. Each token may make{" "}
          {getEnv().STOCKROOM_AGENT_REQUESTS_PER_MINUTE} requests a minute per server process. See the{" "}
          <Link href="/docs/api" className="underline">
            agent API reference
          </Link>
          .
        </p>
      </div>
      {role === "owner" ? (
        <TokensPanel team={team} catalog={catalog} apiUrl={getEnv().STOCKROOM_URL} />
      ) : (
        <p className="rounded border border-stone-200 bg-white p-4 text-sm text-stone-600">Only team owners create and revoke agent tokens. Ask an owner of this team for one.</p>
      )}
    </div>
  );
}
