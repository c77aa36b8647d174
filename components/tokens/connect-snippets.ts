// What the Agent tokens page shows to copy: a curl read and the SDKs' connect-and-search, with the server, team and
// catalog filled in and the secret read from STOCKROOM_TOKEN (app/api/v1/connect-snippets.test.ts runs each one
// against a real server, so they stay true to the SDKs).

export interface ConnectTarget {
  apiUrl: string;
  team: string;
  catalog: string;
}

/** A request the examples search for: any words work; the agent sends what its user asked. */
export const EXAMPLE_QUERY = "what your user asked for";

/** A string literal both TypeScript and Python read as `value` (JSON's escapes are valid in both). */
const literal = (value: string) => JSON.stringify(value);

export function curlSnippet({ apiUrl, team, catalog }: ConnectTarget, secret = "$STOCKROOM_TOKEN"): string {
  const path = `/api/v1/catalogs/${encodeURIComponent(team)}/${encodeURIComponent(catalog)}/snapshots/latest`;
  return `curl -H "Authorization: Bearer ${secret}" \\\n  ${apiUrl}${path}`;
}

export function typescriptSnippet({ apiUrl, team, catalog }: ConnectTarget): string {
  return `import { connect } from "@stockroom/sdk";

const catalog = await connect({
  url: ${literal(apiUrl)},
  token: process.env.STOCKROOM_TOKEN!,
  team: ${literal(team)},
  catalog: ${literal(catalog)},
});
for (const hit of catalog.search(${literal(EXAMPLE_QUERY)}, 5)) console.log(hit.rank, hit.id, hit.score);
await catalog.close(); // sends the searches to Insights
`;
}

export function pythonSnippet({ apiUrl, team, catalog }: ConnectTarget): string {
  return `import os
from stockroom import connect

catalog = connect(
    url=${literal(apiUrl)},
    token=os.environ["STOCKROOM_TOKEN"],
    team=${literal(team)},
    catalog=${literal(catalog)},
)
for hit in catalog.search(${literal(EXAMPLE_QUERY)}, limit=5):
    print(hit["rank"], hit["id"], hit["score"])
catalog.close()  # sends the searches to Insights
`;
}
