import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL(".", import.meta.url)),
  // Outside Next's react-server build the package throws on import; tests run server code directly.
  "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one file at a time on 2 cores; most files wait on servers and browsers.
    maxWorkers: Number(process.env.AFTERMATH_TEST_WORKERS ?? 3),
    projects: [
      {
        resolve: { alias },
        // Files run side by side on a machine's cores: a test that takes 2 s alone may take 10 among them.
        test: { name: "unit", include: ["{lib,i18n,config,domain,db,lookup,notify,view,components,publish,http,scripts}/**/*.test.{ts,tsx}"], environment: "node", testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-setup.ts"],
          // Each file has a server of its own on its own copy of the seeded database, so files run side by side.
          setupFiles: ["tests/setup/file-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
