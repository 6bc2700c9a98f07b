import boundaries from "eslint-plugin-boundaries";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

// The layers, lowest first; each may import its own folder and those listed (README, "Layout").
// A test, a test kit or a benchmark may import anything; nothing else may import them.
const LAYERS = {
  lib: [],
  i18n: ["lib"],
  config: ["lib"],
  domain: ["i18n", "lib"],
  db: ["domain", "config", "i18n", "lib"],
  view: ["db", "domain", "i18n", "lib"],
  lookup: ["db", "domain", "config", "i18n", "lib"],
  notify: ["lookup", "view", "db", "domain", "config", "i18n", "lib"],
  components: ["view", "domain", "i18n", "lib"],
  publish: ["components", "view", "domain", "i18n", "lib"],
  http: ["notify", "lookup", "publish", "view", "db", "domain", "config", "i18n", "lib"],
  app: ["components", "http", "notify", "lookup", "publish", "view", "db", "domain", "config", "i18n", "lib"],
  scripts: ["http", "notify", "lookup", "publish", "view", "db", "domain", "config", "i18n", "lib"],
};

const layers = {
  plugins: { boundaries },
  settings: {
    "boundaries/include": ["**/*.{ts,tsx,mts,mjs}"],
    "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
    "boundaries/elements": [...Object.keys(LAYERS), "tests", "bench"].map((type) => ({ type, pattern: type, partialMatch: false })),
    "boundaries/files": [{ category: "test", pattern: "**/*.test.{ts,tsx}" }],
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "disallow",
        policies: [
          { from: { element: { types: { anyOf: ["tests", "bench"] } } }, allow: { to: { element: { type: "*" } } } },
          { from: { file: { categories: "test" } }, allow: { to: { element: { type: "*" } } } },
          ...Object.entries(LAYERS).map(([type, below]) => ({
            from: { element: { type } },
            allow: { to: { element: { types: { anyOf: [type, ...below] } } } },
          })),
        ],
        message: "{{from.element.type}} may not import {{to.element.type}}: the layers only import downward (README, Layout)",
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  layers,
  // A promise nobody awaits is a write that may land after its answer, or an error nobody hears: with
  // the verbs async (docs/postgres.md), that is found here, by the types, not by a test that happens to look.
  {
    files: ["**/*.{ts,tsx,mts}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  // Small files and functions whose names say what they do (DEVELOPERS.md): a test may run long.
  { rules: { "max-lines": ["error", { max: 400 }] } },
  { ignores: ["**/*.test.{ts,tsx}", "tests/**"], rules: { "max-lines-per-function": ["error", { max: 60 }] } },
  // Written by tools: the migrations, and PostgreSQL's tables written from SQLite's (db/pg/generate.ts).
  { ignores: [".next/**", ".next-*/**", "out/**", "node_modules/**", "db/migrations/**", "db/pg/migrations/**", "db/pg/schema/**", "next-env.d.ts"] },
];

export default config;
