import type { PrismaClient } from "@prisma/client";
import type { SqlRunner } from "./migrate";
import { sqlRunnerOf } from "./open";

/** A stand-in for a client (the tests' forwarding proxy) answers this key with the client it stands for. */
export const REAL_CLIENT = Symbol.for("stockroom.realClient");

/** The plain driver under a client opened by `openDatabase`, also when given a stand-in for one. */
export function plainDriverOf(db: PrismaClient): SqlRunner {
  const real = (db as unknown as { [REAL_CLIENT]?: PrismaClient })[REAL_CLIENT];
  return sqlRunnerOf(real ?? db);
}
