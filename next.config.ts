import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Tests build into their own folder so they never overwrite the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3"],
  // `npm test` type-checks everything with tsc; the build `npm start` runs need not do it again.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
