import { describe, expect, it } from "vitest";
import { createSnapshotIndex } from "@/domain/snapshot/snapshot-index";
import { sealSnapshot, verifySnapshot } from "@/domain/snapshot/verify";
import { createCatalog, createTools } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { buildSnapshotContent } from "./build-snapshot-content";

describe("buildSnapshotContent", () => {
  const { db } = useTestDatabase();

  it("builds the draft in snapshot form, leaving hidden tools out, and ranks deferred tools only", async () => {
    const team = await db.team.create({ data: { slug: "acme", name: "Acme" } });
    const catalog = await createCatalog(db, team.id, { slug: "support", name: "Support" });
    await createTools(db, catalog.id, [
      {
        namespace: "crm",
        name: "list_open_orders",
        description: "List open orders by customer ID.",
        parameters: { type: "object", properties: { customer_id: { type: "string", description: "Customer ID" } } },
      },
      { namespace: "crm", name: "refund_order", description: "Refund an order." },
      { namespace: "ops", name: "restart_server", description: "Restart a server.", exposure: "direct" },
      { name: "secret_admin", description: "Admin only orders tool.", exposure: "hidden" },
    ]);
    const content = await buildSnapshotContent({ db, team, catalog });
    expect(content.tools.map((t) => t.id)).toEqual(["crm.list_open_orders", "crm.refund_order", "ops.restart_server"]);
    expect(content.namespaces.map((n) => n.name)).toEqual(["crm", "ops"]);
    expect(content.tools[0]).toMatchObject({
      exposure: "deferred",
      fallback: "direct",
      spec: { type: "function", name: "list_open_orders" },
    });
    expect(content.tools[0]!.searchText).toContain("customer_id");
    expect(content.tools[2]!.fallback).toBeUndefined();

    const index = createSnapshotIndex(content);
    const hits = index.search("open orders");
    expect(hits[0]!.id).toBe("crm.list_open_orders");
    expect(hits.map((h) => h.id)).not.toContain("ops.restart_server");
    expect(hits.map((h) => h.id)).not.toContain("secret_admin");

    const sealed = await sealSnapshot(content, 1, new Date());
    await expect(verifySnapshot(JSON.parse(JSON.stringify(sealed)))).resolves.toBeTruthy();
  });
});
