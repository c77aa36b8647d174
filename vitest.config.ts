import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "server/testing/server-only-stub.ts"),
};
const DB_TESTS = ["server/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.db.test.ts"];

// Database tests run twice: on embedded PGlite and on the Postgres server (a fresh database per test file).
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "domain/**/*.test.ts",
            "search/**/*.test.ts",
            "sdk/**/*.test.ts",
            "scripts/**/*.test.ts",
            "components/**/*.test.ts",
          ],
          exclude: ["**/*.db.test.ts", "**/node_modules/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: DB_TESTS,
          env: { STOCKROOM_TEST_DB: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "postgres",
          include: DB_TESTS,
          env: { STOCKROOM_TEST_DB: "postgres" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
