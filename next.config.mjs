/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages that load WASM or native files at run time stay outside the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/client", ".prisma/client", "pg"],
  poweredByHeader: false,
  // Separate build folders let several builds run side by side (e.g. parallel e2e runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks the whole project with tsc first; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
};
export default nextConfig;
