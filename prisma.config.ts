// Prisma CLI config: the JS schema engine runs on embedded PGlite, so `prisma generate` and
// `prisma migrate diff` work offline (no engine binary is downloaded).
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { defineConfig } from "prisma/config";

// The schema's `url` must resolve for the CLI to read it; the JS engine itself connects through `adapter`.
process.env.DATABASE_URL ??= "postgresql://localhost/stockroom-offline";

export default defineConfig({
  schema: "prisma/schema.prisma",
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    // Typed against an older driver-adapter-utils; the JS schema engine runs it as is.
    return new PrismaPGlite(new PGlite()) as unknown as SqlMigrationAwareDriverAdapterFactory;
  },
});
