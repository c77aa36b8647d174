import { redirect } from "next/navigation";
import { load } from "@/server/page-guard";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const teams = await load((api) => api.team.mine());
  // Land where the work is: someone invited into a team with catalogs starts there, not in their empty own team.
  const home = teams.reduce<(typeof teams)[number] | undefined>(
    (best, team) => (!best || team.catalogCount > best.catalogCount ? team : best),
    undefined,
  );
  redirect(home ? `/t/${home.slug}` : "/sign-in");
}
