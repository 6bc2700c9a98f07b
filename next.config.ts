import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { BODY_LIMITS } from "@/http/body-limits";
import { securityHeaderRules } from "@/http/security-headers";

const nextConfig: NextConfig = {
  // Tests build into their own folder so they never overwrite the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3"],
  // `npm test` type-checks everything with tsc; the build `npm start` runs need not do it again.
  typescript: { ignoreBuildErrors: true },
  // Above the edge's limit for the editor's forms (http/body-limits.ts), which refuses a larger post
  // with 413 as it streams in; Next's own limit would answer a 500 after reading it.
  experimental: { serverActions: { bodySizeLimit: BODY_LIMITS.editorForm + 1024 * 1024 } },
  // Security headers on every response (http/security-headers.ts); scripts/server.ts adds HSTS and
  // the hashes of each page's inline scripts to its Content-Security-Policy.
  async headers() {
    return securityHeaderRules({ dev: process.env.NODE_ENV === "development" });
  },
};

// The language of each request comes from i18n/request.ts (the edge reads it from the address).
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
