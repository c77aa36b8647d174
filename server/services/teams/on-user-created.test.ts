// A new account's own team: people of the same name signing up at the same moment (two processes of a cluster, or
// one) each get a team of their own, with distinct slugs, instead of one sign-up failing on the taken slug.
import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { useTestDatabase } from "../../testing/use-test-database";
import { onUserCreated } from "./on-user-created";

const { db } = useTestDatabase();

it("gives each of four same-named people signing up at once a team of their own", async () => {
  const name = `Ada ${randomBytes(4).toString("hex")}`;
  const users = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      db.user.create({ data: { id: `${name}-${i}`, name, email: `${randomBytes(6).toString("hex")}@example.test` } }),
    ),
  );
  await Promise.all(users.map((user) => onUserCreated({ db, user })));
  const memberships = await db.membership.findMany({
    where: { userId: { in: users.map((user) => user.id) } },
    select: { userId: true, role: true, team: { select: { slug: true, name: true } } },
  });
  expect(memberships).toHaveLength(4);
  expect(new Set(memberships.map((m) => m.team.slug)).size).toBe(4);
  expect(memberships.every((m) => m.role === "owner" && m.team.name === `${name}'s team`)).toBe(true);
});
