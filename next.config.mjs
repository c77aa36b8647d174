// Pages get their Content-Security-Policy (with a per-request script nonce) and HSTS from proxy.ts; API
// answers are JSON and need no more than this.
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
  // Old addresses of renamed pages keep working for bookmarks.
  async redirects() {
    return [{ source: "/t/:team/:catalog/preview", destination: "/t/:team/:catalog/first-request", permanent: true }];
  },
  // Packages that load WASM or native files at run time stay outside the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/client", ".prisma/client", "pg"],
  poweredByHeader: false,
  // Separate build folders let several builds run side by side (e.g. parallel e2e runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks the whole project with tsc first; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  // forbidden(): a page a member may not open answers 403, not a crash.
  experimental: { authInterrupts: true },
  typedRoutes: false,
};
export default nextConfig;
