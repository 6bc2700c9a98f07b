// What bench/lookup.ts sends and checks: the fixture's accounts, a link for each (made as
// `npm run lookup:links` makes them), the shape the floors write their answers in, and the spot check
// of a server's answers against the fixture.
import fs from "node:fs";
import { readAffectedShape } from "@/db/read/incident";
import { PLAIN_SHAPE } from "@/domain/record/affected-shape";
import { issueLinks } from "@/lookup/proof/links";
import { linkTokenOf } from "@/lookup/proof/tokens";
import { BenchFailure } from "./common";
import { benchStore } from "./engine";

/** The lookup's address for an incident. */
export const lookupPath = (slug: string) => `/api/incidents/${encodeURIComponent(slug)}/lookup`;
/** An account no fixture row has. */
export const UNKNOWN = "f".repeat(32);
/** Accounts checked against the fixture on each target before the load (not timed): up to this many, for up to 5 s. */
const SPOT_CHECKS = 25;

/** Every account id of the fixture (lower-cased) with its number of rows. */
export async function readAccounts(csv: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let rest = "";
  let header = true;
  const line = (text: string) => {
    if (header || text === "") {
      header = false;
      return;
    }
    const id = text.slice(0, text.indexOf(",")).toLowerCase();
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for await (const chunk of fs.createReadStream(csv, { encoding: "utf8", highWaterMark: 1024 * 1024 })) {
    const lines = (rest + (chunk as string)).split("\n");
    rest = lines.pop() ?? "";
    for (const text of lines) line(text);
  }
  line(rest);
  return counts;
}

/** Links made as `npm run lookup:links` makes them, into the benchmark's database (either engine); the tokens by account. */
export async function makeLinks(database: string, slug: string, secret: string, accountIds: string[]): Promise<Map<string, string>> {
  const store = benchStore(database);
  try {
    const expiresAt = new Date(Date.now() + 86_400_000);
    const { links } = await issueLinks(store, { kind: "system", name: "bench" }, { slug, accountIds, expiresAt, origin: "http://bench.invalid", secret });
    return new Map(links.map((l) => [l.accountId, linkTokenOf(l.link)]));
  } finally {
    await store.close();
  }
}

/** The incident's shape as the floors write an answer in it (FLOOR_SHAPE): the keys of its measures, roles and data classes. */
export async function floorShape(database: string, slug: string): Promise<string> {
  const store = benchStore(database);
  try {
    const shape = (await readAffectedShape(store.q, slug)) ?? PLAIN_SHAPE;
    return JSON.stringify({
      requestIds: Boolean(shape.requestIds),
      measures: shape.measures.map((m) => m.key),
      roles: shape.roles.map((r) => r.key),
      dataClasses: shape.dataClasses.map((d) => d.key),
    });
  } finally {
    await store.close();
  }
}

export function post(url: string, body: string): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body, signal: AbortSignal.timeout(10_000) });
}

/** What a spot check saw: the names of an answer's headers, and each checked account's answer as sent. */
export type Spotted = { headerNames: string[]; bodies: Map<string, string> };

/** A few accounts, each answer checked against the fixture (a fast wrong answer is no result), an unknown account and a broken link. */
export async function spotCheck(baseURL: string, slug: string, accounts: Map<string, number>, links: Map<string, string>): Promise<Spotted> {
  const url = baseURL + lookupPath(slug);
  const ids = [...accounts.keys()];
  const step = Math.max(1, Math.floor(ids.length / SPOT_CHECKS));
  const deadline = performance.now() + 5_000;
  const bodies = new Map<string, string>();
  let headerNames: string[] = [];
  for (let i = 0; i < ids.length && bodies.size < SPOT_CHECKS && (bodies.size < 2 || performance.now() < deadline); i += step) {
    const id = ids[i] as string;
    const res = await post(url, JSON.stringify({ link: links.get(id) }));
    const text = await res.text();
    const body = JSON.parse(text) as { affected?: boolean; affectedRows?: number };
    if (res.status !== 200 || body.affected !== true || body.affectedRows !== accounts.get(id)) {
      throw new BenchFailure(`${url} answered ${res.status} with ${body.affectedRows} affected rows for a fixture account with ${accounts.get(id)}`);
    }
    headerNames = [...res.headers.keys()].sort();
    bodies.set(id, text);
  }
  const unknown = await post(url, JSON.stringify({ link: links.get(UNKNOWN) }));
  const answer = (await unknown.json()) as { affected?: boolean };
  if (unknown.status !== 200 || answer.affected !== false) throw new BenchFailure(`${baseURL}: an unknown account did not get affected: false`);
  const unproven = await post(url, JSON.stringify({ link: `${links.get(UNKNOWN)}x` }));
  if (unproven.status !== 403) throw new BenchFailure(`${baseURL}: a broken link got ${unproven.status}, not 403`);
  console.log(`  spot check: ${bodies.size} fixture accounts, 1 unknown one and 1 broken link answered as expected`);
  return { headerNames, bodies };
}

/** The floor must send what the app sends: the same headers (Date and keep-alive are Node's; rate-limit headers are off) and the same bodies. */
export function sameAnswers(app: Spotted, floor: Spotted): void {
  if (app.headerNames.join() !== floor.headerNames.join()) {
    throw new BenchFailure(`the floor's answer has the headers ${floor.headerNames.join(", ")}; the app's: ${app.headerNames.join(", ")}`);
  }
  for (const [id, body] of app.bodies) {
    const theirs = floor.bodies.get(id);
    if (theirs !== undefined && theirs !== body) throw new BenchFailure(`the floor's answer for a fixture account differs from the app's:\n  app:   ${body.slice(0, 300)}\n  floor: ${theirs.slice(0, 300)}`);
  }
  console.log(`  the floor's answers are the app's: the same headers, and the same body for each of ${app.bodies.size} accounts`);
}
