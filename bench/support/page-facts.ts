import fs from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { BenchFailure } from "./common";

/** What one page weighs as a browser gets it. */
export type PageWeight = {
  htmlBytes: number;
  htmlGzipBytes: number;
  /** The scripts a first visit loads (module scripts; the noModule polyfill only old browsers load). */
  scripts: number;
  jsBytes: number;
  jsGzipBytes: number;
};

/** A raw answer: the bytes as they came over the wire (still compressed) and the headers. */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export function getRaw(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} within 30 s`)));
    req.on("error", reject);
  });
}

/** The page's HTML and every script it loads on a first visit, each gzipped at zlib's default level. */
export async function weighPage(baseURL: string, pagePath: string): Promise<PageWeight> {
  const page = await getRaw(baseURL + pagePath, { "accept-encoding": "identity", accept: "text/html" });
  if (page.status !== 200) throw new BenchFailure(`${pagePath} answered ${page.status}`);
  const html = page.body.toString("utf8");
  const sources = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1] ?? "")
    .filter((attrs) => !/\bnomodule\b/i.test(attrs))
    .map((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1])
    .filter((src): src is string => src !== undefined);
  let jsBytes = 0;
  let jsGzipBytes = 0;
  for (const src of new Set(sources)) {
    const script = await getRaw(new URL(src.replaceAll("&amp;", "&"), baseURL).href, { "accept-encoding": "identity" });
    if (script.status !== 200) throw new BenchFailure(`${src} answered ${script.status}`);
    jsBytes += script.body.length;
    jsGzipBytes += gzipSync(script.body).length;
  }
  return { htmlBytes: page.body.length, htmlGzipBytes: gzipSync(page.body).length, scripts: new Set(sources).size, jsBytes, jsGzipBytes };
}

/** The resident memory of a process now and at its peak, from /proc; null where there is no /proc. */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
    const rss = kib("VmRSS");
    const peak = kib("VmHWM");
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rss, peak } : null;
  } catch {
    return null;
  }
}

/** Response headers worth replaying from a saved answer (not the per-connection or per-request ones). */
export function replayableHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || skip.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
