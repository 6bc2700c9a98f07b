import type { NextConfig } from "next";
import { securityHeaderRules } from "@/http/security-headers";

const nextConfig: NextConfig = {
  // Tests build into their own folder so they never overwrite the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3"],
  // `npm test` type-checks everything with tsc; the build `npm start` runs need not do it again.
  typescript: { ignoreBuildErrors: true },
  // The editor's affected-list upload is a server action; larger lists go through the API or the CLI.
  experimental: { serverActions: { bodySizeLimit: "20mb" } },
  // Security headers on every response (http/security-headers.ts); scripts/server.ts adds HSTS and
  // the hashes of each page's inline scripts to its Content-Security-Policy.
  async headers() {
    return securityHeaderRules({ dev: process.env.NODE_ENV === "development" });
  },
};

export default nextConfig;
