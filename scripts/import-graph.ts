import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

// The project's folders and which import which, so a check can refuse an import cycle between them.

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
// Tests may exercise any layer from anywhere; the rule binds the code they test.
const TEST = /\.test\.tsx?$|^tests$/;
const SKIP = new Set(["node_modules", ".git", "out", "data"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith(".") || TEST.test(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The folder a project path belongs to: its first `depth` directories ("db/write" at depth 2). */
export function folderOf(relative: string, depth: number): string {
  const dirs = path.dirname(relative).split(path.sep).filter((d) => d !== ".");
  return dirs.length === 0 ? "(root)" : dirs.slice(0, depth).join("/");
}

/**
 * Folder → the folders its files import from, at the given depth. Imports inside one folder, and
 * between a folder and the one it sits in ("db" and "db/write"), are left out.
 */
export function folderGraph(root: string, depth = 1): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(path.relative(root, file), depth);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const { fileName: spec } of ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true).importedFiles) {
      const target = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
      if (target === null) continue;
      const to = folderOf(path.relative(root, fs.existsSync(target) && fs.statSync(target).isDirectory() ? path.join(target, "index") : target), depth);
      if (to !== from && !to.startsWith(`${from}/`) && !from.startsWith(`${to}/`)) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle of folders, each once, as the path that closes it ("a → b → a"). */
export function findCycles(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at !== -1) {
      const loop = trail.slice(at);
      const start = loop.indexOf([...loop].sort()[0] ?? node);
      const rotated = [...loop.slice(start), ...loop.slice(0, start)];
      cycles.add([...rotated, rotated[0]].join(" → "));
      return;
    }
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return [...cycles].sort();
}
