// `node scripts/run.mjs <file.ts> [arguments]`: runs one of the project's entry points (the server, a
// command) compiled by scripts/compile.mjs, with the arguments after the file as its own.
import { pathToFileURL } from "node:url";
import { compiled } from "./compile.mjs";

const [node = process.execPath, , entry, ...args] = process.argv;
if (!entry) {
  console.error("usage: node scripts/run.mjs <file.ts> [arguments]");
  process.exit(2);
}
const file = await compiled(entry);
process.argv = [node, file, ...args];
await import(pathToFileURL(file).href);
