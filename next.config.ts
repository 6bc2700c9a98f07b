import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Tests build into their own folder so they never overwrite the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3"],
  typedRoutes: false,
};

export default nextConfig;
