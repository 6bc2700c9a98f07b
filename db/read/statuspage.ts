import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { CLOSED_STATUSES, IMPACTS, IMPACT_OF_SEVERITY, STATUS_OF_INCIDENT, STATUSPAGE_INCIDENTS, type Impact } from "@/domain/statuspage";
import type { Tx } from "../store/store";
import { LISTED_COLUMNS, type ListedRow, NEWEST_FIRST, listedRow, readListedPage } from "./listing";

/**
 * What the Statuspage-compatible answers show: the newest published incidents (incidents.json),
 * the newest unresolved ones (the summary, unresolved.json), and how many are unresolved and
 * their highest impact (the status indicator), read in one transaction (the caller's).
 */
export type StatuspageRead = { listed: ListedRow[]; unresolved: ListedRow[]; open: { count: number; worst: Impact } };

const quoted = (s: string) => `'${s}'`;
const cases = (pairs: ReadonlyArray<readonly [string, string | number]>) =>
  pairs.map(([from, to]) => `WHEN ${quoted(from)} THEN ${typeof to === "number" ? to : quoted(to)}`).join(" ");

// The mappings are domain/statuspage.ts's, written into SQL once, so the view and the read agree.
/** Statuspage's status of incident i: its newest posted update's (the same minute: the later posted), else its own status's. */
const STATUS = `coalesce(
  (SELECT u.status FROM incident_update u WHERE u.incident_id = i.id ORDER BY u.at DESC, u.id DESC LIMIT 1),
  CASE i.status ${cases(Object.entries(STATUS_OF_INCIDENT))} END)`;
/** Its impact's place in IMPACTS: 0, none, when it is not rated. */
const IMPACT_RANK = `CASE i.severity ${cases(Object.entries(IMPACT_OF_SEVERITY).map(([s, impact]) => [s, IMPACTS.indexOf(impact)] as const))} ELSE 0 END`;
const UNRESOLVED = sql.raw(`i.published = 1 AND ${STATUS} NOT IN (${CLOSED_STATUSES.map(quoted).join(", ")})`);

const openRow = z.strictObject({ count: z.number().int().min(0), worst: z.number().int().transform((rank) => IMPACTS[rank]).pipe(z.enum(IMPACTS)) });

/**
 * One read for every answer. Its cost: the list's page of 50 (readListedPage), and for the
 * unresolved ones one pass over the published incidents' rows, each with one seek into its
 * updates' (incident_id, at) index; at most 50 records are read whole afterwards (db/read/shown.ts).
 */
export async function readStatuspage(tx: Tx): Promise<StatuspageRead> {
  const listed = (await readListedPage(tx, { where: [] }, { size: STATUSPAGE_INCIDENTS })).rows;
  const unresolved = await tx.rows(listedRow, sql`SELECT ${LISTED_COLUMNS} FROM incident i WHERE ${UNRESOLVED} ORDER BY ${NEWEST_FIRST} LIMIT ${STATUSPAGE_INCIDENTS}`);
  const open = openRow.parse(await tx.row(z.unknown(), sql`SELECT count(*) AS count, coalesce(max(${sql.raw(IMPACT_RANK)}), 0) AS worst FROM incident i WHERE ${UNRESOLVED}`));
  return { listed, unresolved, open };
}
