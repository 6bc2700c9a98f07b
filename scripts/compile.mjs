import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The project's TypeScript entry points (the server, the commands) compiled by esbuild into one file
// each, kept until a file it was made from changes. Run through a TypeScript loader they spent most
// of their start in its hooks: the server 4.4 s of CPU instead of 2, a command 1.7 s instead of 0.6.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Under node_modules, so git, tsc and eslint leave it alone; packages stay imports and resolve from the project's node_modules. */
const OUT_DIR = path.join(ROOT, "node_modules/.cache/aftermath/compiled");
/** The first line of a compiled file: what it was made from, and each file's mtime then. */
const HEADER = "// aftermath-inputs ";

/** The compiled form of `entry` (a path from the project's folder), compiled again first if any file it was made from changed. */
export async function compiled(entry) {
  const source = path.resolve(ROOT, entry);
  const out = path.join(OUT_DIR, path.relative(ROOT, source).replace(/\.[cm]?tsx?$/, ".mjs"));
  if (isCurrent(out)) return out;
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [source],
    outfile: out,
    write: false,
    metafile: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // As in Next's react-server layer: outside it the package throws on import.
    alias: { "server-only": path.join(ROOT, "node_modules/server-only/empty.js") },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
  const inputs = Object.fromEntries([...Object.keys(result.metafile.inputs), "tsconfig.json"].map((file) => [file, mtime(file)]));
  const code = result.outputFiles.find((file) => file.path === out)?.text;
  if (code === undefined) throw new Error(`esbuild wrote no ${out} for ${entry}`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // Written whole, then renamed: processes that start together may each compile, and none reads a half-written file.
  const partial = `${out}.${process.pid}`;
  fs.writeFileSync(partial, `${HEADER}${JSON.stringify(inputs)}\n${code}`);
  fs.renameSync(partial, out);
  return out;
}

/** @param {string} file @returns {number | null} */
function mtime(file) {
  try {
    return fs.statSync(path.join(ROOT, file)).mtimeMs;
  } catch {
    return null;
  }
}

/** @param {string} out */
function isCurrent(out) {
  let text;
  try {
    text = fs.readFileSync(out, "utf8");
  } catch {
    return false;
  }
  const first = text.slice(0, text.indexOf("\n"));
  if (!first.startsWith(HEADER)) return false;
  /** @type {Record<string, number>} */
  const inputs = JSON.parse(first.slice(HEADER.length));
  return Object.entries(inputs).every(([file, then]) => mtime(file) === then);
}
