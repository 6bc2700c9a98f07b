import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readEnv } from "@/config/env";
import { openStore } from "@/db/open-store";
import type { ImportProgress } from "@/domain/affected-list/read-rows";
import { fileSource } from "@/domain/affected-list/source";
import { listIncidents } from "@/db/read/incident";
import { lookupSecret } from "@/config/secret";
import { type ImportReport, importAffectedList } from "@/db/write/affected";
import { DomainError } from "@/domain/errors";
import { operator } from "./operator";

// Exit codes: 0 imported (or nothing to import), 1 the file could not be imported (nothing was),
// 2 the command or setup is wrong (flags, incident, file path, no database).
const USAGE = `usage: npm run import:affected -- --incident <slug> --file <path> [--replace]

  --incident <slug>  the incident the rows belong to
  --file <path>      a CSV with the header the incident's list shape gives (its columns, as
                     GET /api/v1/incidents/<slug>/affected/schema describes one row), or a JSON
                     array of such objects (.csv / .json, else by content)
  --replace          swap the incident's list for the file's rows instead of adding to it

All or nothing: one bad row and nothing is imported. Rows already present are not added again.`;

class UsageError extends Error {}

function parseCommandLine(argv: string[]): { incident: string; file: string; replace: boolean } | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        incident: { type: "string" },
        file: { type: "string" },
        replace: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    // Node's messages ("Unknown option '--dry-run'. To specify a positional…"): keep the first sentence.
    throw new UsageError(String((error as Error).message).split(". ")[0] ?? "bad arguments");
  }
  if (values.help) return "help";
  if (!values.incident) throw new UsageError("--incident <slug> is required");
  if (!values.file) throw new UsageError("--file <path> is required");
  return { incident: values.incident, file: values.file, replace: values.replace ?? false };
}

const count = (n: number) => n.toLocaleString("en-US");

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function formatReport(r: ImportReport, file: string, bytes: number): string {
  const relative = path.relative(process.cwd(), file);
  const name = relative && !relative.startsWith("..") ? relative : file;
  if (r.empty) {
    return `${name} holds no rows: nothing imported into ${r.incidentSlug}, its list was left as it is.`;
  }
  const seconds = r.elapsedMs / 1000;
  const lines = [
    `Imported ${name} (${r.format.toUpperCase()}, ${formatBytes(bytes)}) into ${r.incidentSlug}`,
    ...(r.removed === null ? [] : [`removed first (--replace): ${count(r.removed)}`]),
    `rows read:       ${count(r.rowsRead)}`,
    `added:           ${count(r.added)}`,
    `already present: ${count(r.alreadyPresent)}`,
    `took ${seconds.toFixed(1)} s (${count(Math.round(r.rowsRead / Math.max(seconds, 0.001)))} rows/s)`,
  ];
  return lines.join("\n");
}

/** One line on stderr, redrawn at most ten times a second: bar, percent, rows, rows/s. */
function progressBar(stream: NodeJS.WriteStream) {
  const started = performance.now();
  let last = 0;
  let drawn = false;
  return {
    update({ bytesRead, totalBytes, rows }: ImportProgress) {
      const now = performance.now();
      if (now - last < 100) return;
      last = now;
      const fraction = totalBytes > 0 ? Math.min(bytesRead / totalBytes, 1) : 1;
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 50));
      const full = Math.round(fraction * width);
      const rate = rows / Math.max((now - started) / 1000, 0.001);
      const line = `[${"#".repeat(full)}${"-".repeat(width - full)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${count(rows)} rows  ${count(Math.round(rate))} rows/s`;
      stream.write(`\r${line}\x1b[K`);
      drawn = true;
    },
    clear() {
      if (drawn) stream.write("\r\x1b[K");
      drawn = false;
    },
  };
}

/** The database and the file the command line names, or the exit code and message when either is not there. */
function openInputs(args: { file: string }): { file: string; env: ReturnType<typeof readEnv> } | number {
  const env = readEnv();
  const target = env.DATABASE_URL;
  if (target.engine === "sqlite" && !fs.existsSync(target.file)) {
    console.error(`import-affected: no database at ${target.file}: run \`npm run db:seed\` (or \`npm start\`) first`);
    return 2;
  }
  const file = path.resolve(args.file);
  try {
    if (!fs.statSync(file).isFile()) throw new Error("not a file");
  } catch {
    console.error(`import-affected: cannot read ${file}: no such file (--file takes the path of a .csv or .json file)`);
    return 2;
  }
  return { file, env };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`import-affected: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === "help") {
    console.log(USAGE);
    return 0;
  }
  const inputs = openInputs(args);
  if (typeof inputs === "number") return inputs;
  const { file, env } = inputs;
  const store = openStore(env.DATABASE_URL, { max: 2, name: "aftermath-import" });
  const bar = process.stderr.isTTY ? progressBar(process.stderr) : null;
  process.once("SIGINT", () => {
    // What was written so far is a list no reader sees; the next import or start removes it.
    bar?.clear();
    console.error("import-affected: interrupted; nothing was imported");
    process.exit(130);
  });
  try {
    const known = (await listIncidents(store.q, { drafts: true })).map((i) => i.slug);
    if (!known.includes(args.incident)) {
      console.error(`import-affected: no incident "${args.incident}"; known incidents: ${known.length > 0 ? known.sort().join(", ") : "(none)"}`);
      return 2;
    }
    const source = fileSource(file);
    const onProgress = bar ? (p: ImportProgress) => bar.update(p) : undefined;
    const { report } = await importAffectedList({ store, actor: operator("import-affected"), slug: args.incident, version: null, rows: { source, onProgress }, replace: args.replace, secret: lookupSecret(env) });
    bar?.clear();
    console.log(formatReport(report, file, source.bytes));
    return 0;
  } catch (error) {
    bar?.clear();
    if (!(error instanceof DomainError)) throw error;
    // The verb's messages say what to do and never hold a field's value.
    console.error(`import-affected: ${path.basename(file)}: ${error.message}`);
    return error.code === "invalid" ? 1 : 2;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Unexpected (I/O, database): the transaction was rolled back. Print the message, not the
    // object: nothing here holds the secret or a row.
    console.error(`import-affected: ${error instanceof Error ? error.message : String(error)}\nNothing was imported.`);
    process.exitCode = 1;
  },
);
