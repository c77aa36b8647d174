import { redirect } from "next/navigation";
import { load } from "@/server/page-guard";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const teams = await load((api) => api.team.mine());
  redirect(teams[0] ? `/t/${teams[0].slug}` : "/sign-in");
}
