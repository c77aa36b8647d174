import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass, secondaryButtonClass } from "../ui/control-styles";

/** The ways to put tools into a catalog: every empty state that needs tools offers the same four. */
export function AddToolsLinks({ team, catalog }: { team: string; catalog: string }) {
  const base = `/t/${team}/${catalog}`;
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Link href={`${base}/import?source=live`} className={buttonClass}>
        Import from an MCP server
      </Link>
      <Link href={`${base}/import`} className={secondaryButtonClass}>
        Paste a tools list
      </Link>
      <Link href={`${base}/tools/new`} className={secondaryButtonClass}>
        Add a tool
      </Link>
      <Link href={`${base}/import?example=helpdesk`} className={secondaryButtonClass}>
        Load example tools
      </Link>
    </div>
  );
}

/** A page that needs tools, on a catalog without any: what it will show once there are some, and how to add them. */
export function NoToolsNotice({
  team,
  catalog,
  canEdit,
  title = "This catalog has no tools yet",
  children,
}: {
  team: string;
  catalog: string;
  canEdit: boolean;
  title?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="space-y-3 rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center text-sm text-stone-600"
    >
      <p className="text-base font-medium text-stone-900">{title}</p>
      <p className="mx-auto max-w-xl">{children}</p>
      {canEdit ? <AddToolsLinks team={team} catalog={catalog} /> : <p>An editor of this team adds tools.</p>}
    </section>
  );
}
