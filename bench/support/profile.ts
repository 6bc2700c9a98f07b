import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The parts of a V8 .cpuprofile (what `node --cpu-prof` writes) read here. */
type CpuProfile = {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type ProfileSummary = {
  /** CPU time sampled inside the window, idle excluded, in ms. */
  busyMs: number;
  idleMs: number;
  /** Share of busy samples with a frame of our code anywhere on the stack: the handler and all it calls. */
  underOurCode: number;
  groups: Array<{ group: string; ms: number; share: number }>;
  top: Array<{ name: string; where: string; group: string; ms: number; share: number }>;
};

/** better-sqlite3's native Statement/Database methods: their self time is SQLite's. */
const SQLITE_METHODS = new Set(["all", "get", "run", "iterate", "pluck", "raw", "expand", "bind", "prepare", "exec", "pragma"]);

type Frame = { group: string; name: string; where: string };

/**
 * Self time by package for the samples between `fromMs` and `toMs` after the profile started.
 * Bundled chunks are mapped back through their source maps, so code Turbopack bundled (zod,
 * drizzle-orm, our own) counts for the package it came from. Native frames (V8 builtins, C++
 * bindings) count for the package of their JS caller, except better-sqlite3's statement methods.
 */
export function summariseProfile(file: string, root: string, fromMs: number, toMs: number, top = 15): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const jsFrame = frameResolver(profile, parent, root);
  const onPath = new Map<number, boolean>();
  const ourCodeOnPath = (id: number): boolean => {
    const known = onPath.get(id);
    if (known !== undefined) return known;
    const up = parent.get(id);
    const value = jsFrame(id).group === "our code" || (up !== undefined && ourCodeOnPath(up));
    onPath.set(id, value);
    return value;
  };
  let [busy, idle, underOurCode] = [0, 0, 0];
  const groups = new Map<string, number>();
  const functions = new Map<string, { frame: Frame; us: number }>();
  for (const [id, us] of selfTimes(profile, fromMs, toMs)) {
    const frame = jsFrame(id);
    if (frame.group === "(idle)" || frame.group === "(root)") {
      idle += us;
      continue;
    }
    busy += us;
    if (ourCodeOnPath(id)) underOurCode += us;
    groups.set(frame.group, (groups.get(frame.group) ?? 0) + us);
    const key = `${frame.group}\0${frame.name}\0${frame.where}`;
    const entry = functions.get(key) ?? { frame, us: 0 };
    entry.us += us;
    functions.set(key, entry);
  }
  const share = (us: number) => (busy > 0 ? us / busy : 0);
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    underOurCode: share(underOurCode),
    groups: [...groups].sort((a, b) => b[1] - a[1]).map(([group, us]) => ({ group, ms: us / 1000, share: share(us) })),
    top: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ frame, us }) => ({ name: frame.name, where: frame.where, group: frame.group, ms: us / 1000, share: share(us) })),
  };
}

/** Microseconds of self time by profile node, for the samples between `fromMs` and `toMs`. */
function selfTimes(profile: CpuProfile, fromMs: number, toMs: number): Map<number, number> {
  const self = new Map<number, number>();
  let t = profile.startTime;
  const [from, to] = [profile.startTime + fromMs * 1000, profile.startTime + toMs * 1000];
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const id = profile.samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  return self;
}

/** Which package and function a profile node stands for, remembered per node. */
function frameResolver(profile: CpuProfile, parent: Map<number, number>, root: string): (id: number) => Frame {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const maps = new Map<string, SourceMap | null>();
  const frames = new Map<number, Frame>();
  const jsFrame = (id: number): Frame => {
    const known = frames.get(id);
    if (known) return known;
    const node = byId.get(id);
    if (!node) return { group: "other", name: "(unknown)", where: "" };
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const name = functionName || "(anonymous)";
    let frame: Frame;
    if (name === "(garbage collector)") frame = { group: "V8 garbage collector", name, where: "" };
    else if (name === "(program)") frame = { group: "V8 / native, unattributed (program)", name, where: "" };
    else if (name === "(idle)" || name === "(root)") frame = { group: name, name, where: "" };
    else if (url === "") {
      const caller = parent.get(id);
      const callerFrame = caller === undefined ? undefined : jsFrame(caller);
      const group = SQLITE_METHODS.has(name) && callerFrame?.group !== "node internals" ? "better-sqlite3 (SQLite)" : (callerFrame?.group ?? "other");
      frame = { group, name: `${name} (native)`, where: callerFrame ? `called from ${callerFrame.name}` : "" };
    } else if (url.startsWith("node:")) frame = { group: "node internals", name, where: url };
    else {
      const file = url.startsWith("file://") ? fileURLToPath(url) : url;
      const source = mapBack(maps, file, lineNumber, columnNumber) ?? { file, line: lineNumber + 1 };
      frame = { group: packageOf(source.file, root), name, where: `${shortPath(source.file, root)}:${source.line}` };
    }
    frames.set(id, frame);
    return frame;
  };
  return jsFrame;
}

function mapBack(
  maps: Map<string, SourceMap | null>,
  file: string,
  line: number,
  column: number,
): { file: string; line: number } | null {
  let map = maps.get(file);
  if (map === undefined) {
    map = null;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
    } catch {
      // No map beside it: the file is its own source.
    }
    maps.set(file, map);
  }
  if (!map) return null;
  const entry = map.findEntry(line, column) as { originalSource?: string; originalLine?: number };
  if (!entry.originalSource) return null;
  const source = entry.originalSource;
  const resolved = source.startsWith("turbopack://")
    ? source
    : source.startsWith("file://")
      ? fileURLToPath(source)
      : path.resolve(path.dirname(file), decodeURIComponent(source));
  return { file: resolved, line: (entry.originalLine ?? 0) + 1 };
}

/** next, react, our code, better-sqlite3, or the npm package a file belongs to. */
export function packageOf(file: string, root: string): string {
  if (file.startsWith("turbopack://")) return "next";
  const relative = path.relative(root, file).split(path.sep).join("/");
  if (relative.startsWith("..")) return "other";
  const inModules = relative.lastIndexOf("node_modules/");
  if (inModules === -1) return relative.startsWith("bench/") ? "bench" : "our code";
  const rest = relative.slice(inModules + "node_modules/".length);
  // A chunk of the benchmark's build with no source map entry for the spot.
  if (rest.startsWith(".cache/")) return "app bundle (unmapped)";
  const parts = rest.split("/");
  const name = parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? "other");
  if (name === "next") {
    // React (and react-dom/react-server-dom) ships compiled inside next.
    if (/^next\/(dist|src)\/compiled\/(react|react-dom|react-server-dom[^/]*|scheduler)(-experimental)?\//.test(rest)) return "react";
    return "next";
  }
  if (name === "react" || name === "react-dom" || name === "scheduler") return "react";
  return name;
}

function shortPath(file: string, root: string): string {
  if (file.startsWith("turbopack://")) return file.replace("turbopack:///", "");
  const relative = path.relative(root, file).split(path.sep).join("/");
  return relative.startsWith("..") ? file : relative;
}
