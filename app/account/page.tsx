import type { Metadata } from "next";
import { AccountPage } from "@/components/account/account-page";
import { SiteFrame } from "@/components/ui/site-frame";
import { load } from "@/server/page-guard";

export const metadata: Metadata = { title: "Account" };
export const dynamic = "force-dynamic";

/** The signed-in person's password and sessions; signed out, sign-in. */
export default async function AccountRoute() {
  const me = await load((api) => api.account.me());
  return (
    <SiteFrame>
      <AccountPage user={me} />
    </SiteFrame>
  );
}
