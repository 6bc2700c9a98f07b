// `node --import ./scripts/register.mjs file.ts`: TypeScript through tsx, and the hooks in hooks.mjs (the benchmarks; the server and the commands run compiled, scripts/run.mjs).
import { register } from "node:module";
import "tsx";

register("./hooks.mjs", import.meta.url);
