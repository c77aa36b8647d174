import Link from "next/link";
import { TokensPanel } from "@/components/tokens/tokens-panel";
import { getEnv } from "@/server/env";
import { loadCatalogSummary, loadTeamRole } from "@/server/page-guard";

export const metadata = { title: "Agent tokens" };

export default async function AgentTokensPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [role, summary] = await Promise.all([loadTeamRole(team), loadCatalogSummary(team, catalog)]);
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Agent tokens</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          A token lets one agent read this catalog’s published snapshots over HTTP or tRPC — nothing else, and no other
          catalog. Each token may make {getEnv().STOCKROOM_AGENT_REQUESTS_PER_MINUTE} requests a minute per server
          process. See the{" "}
          <Link href="/docs/api" className="underline">
            agent API reference
          </Link>
          .
        </p>
      </div>
      {summary?.latestVersion === null && (
        <p
          role="note"
          aria-label="Nothing published yet"
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Nothing is published yet: a token works at once, but agents read published versions only, so they get a 404
          until you publish version 1 on{" "}
          <Link href={`/t/${team}/${catalog}/review`} className="font-medium underline">
            Review &amp; publish
          </Link>
          .
        </p>
      )}
      {role === "owner" ? (
        <TokensPanel team={team} catalog={catalog} apiUrl={getEnv().STOCKROOM_URL} />
      ) : (
        <p className="rounded border border-stone-200 bg-white p-4 text-sm text-stone-600">
          Only team owners create and revoke agent tokens. Ask an owner of this team for one.
        </p>
      )}
    </div>
  );
}
