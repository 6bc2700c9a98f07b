import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/setup/sequencer.js";

const alias = {
  "@": fileURLToPath(new URL(".", import.meta.url)),
  // Outside Next's react-server build the package throws on import; tests run server code directly.
  "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
};

/**
 * The HTTP tests that also run with the server on PostgreSQL (each file's server on a database made
 * from the seeded template): every file that asks the server only, and never opens the SQLite file or a browser.
 */
const ON_BOTH_ENGINES = [
  "action-fuzz",
  "any-incident",
  "api-v1",
  "client-identity",
  "edge-fuzz",
  "http",
  "lookup-api",
  "lookup-link",
  "node-answers",
  "page-export-parity",
  "record-in-language",
  "statuspage",
  "strict-input",
].map((name) => `tests/${name}.test.ts`);

/** The HTTP tests that start servers of their own (a setting, an OpenID provider, several processes) and use no file server, so none is started for them. */
const OWN_SERVERS = ["archive", "export-private", "i18n-search", "lookup-openid", "lookup-processes", "subscriptions-browser", "three-servers"].map((name) => `tests/${name}.test.ts`);

const e2e = {
  environment: "node" as const,
  globalSetup: ["tests/setup/global-setup.ts"],
  // Each file has a server of its own on its own copy of the seeded database, so files run side by side.
  setupFiles: ["tests/setup/built.ts", "tests/setup/file-server.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A project's files share one module graph per worker: the setup files run again for each file,
  // so each still gets its own server and database, and nothing of a file may live in a module.
  isolate: false,
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one file at a time on 2 cores; most files wait on servers and browsers.
    maxWorkers: Number(process.env.AFTERMATH_TEST_WORKERS ?? 3),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        // Files run side by side on a machine's cores: a test that takes 2 s alone may take 10 among them.
        test: {
          name: "unit",
          // The files share one module graph per worker (each still makes its own databases): importing
          // it again for each of the 118 files cost a third of the unit run's CPU.
          isolate: false,
          include: ["{lib,i18n,config,domain,db,lookup,notify,view,components,publish,http,scripts}/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 30_000,
          // One PostgreSQL server for the run; each file's database is made from its migrated template.
          globalSetup: ["tests/setup/unit-postgres.ts"],
        },
      },
      {
        resolve: { alias },
        test: { name: "e2e", include: ["tests/**/*.test.ts"], exclude: OWN_SERVERS, ...e2e },
      },
      {
        resolve: { alias },
        test: { name: "e2e-own", include: OWN_SERVERS, ...e2e, setupFiles: ["tests/setup/built.ts"] },
      },
      {
        resolve: { alias },
        test: { name: "e2e-pg", include: ON_BOTH_ENGINES, env: { AFTERMATH_E2E_ENGINE: "postgres" }, ...e2e },
      },
    ],
  },
});
