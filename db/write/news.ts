import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AuditAction } from "@/domain/audit";
import type { NewsPayload } from "@/domain/notify";
import { UPDATE_STATUSES } from "@/domain/record/constants";
import type { Tx } from "../store/store";
import { incident } from "../schema";

type IncidentRow = typeof incident.$inferSelect;
type Done = { action: AuditAction; entity: string; after: unknown };

const postedUpdate = z.object({ at: z.string(), status: z.enum(UPDATE_STATUSES), body: z.string() });

/**
 * What readers subscribed to an incident hear of a change to it: a new update, a change of its
 * status, or its publication; nothing while it is a draft, and nothing of other edits.
 */
export async function newsOfChange(tx: Tx, before: IncidentRow, done: Done, at: Date): Promise<Omit<NewsPayload, "to"> | null> {
  const row = await tx.select().from(incident).where(eq(incident.id, before.id)).get();
  if (!row?.published) return null;
  const base = { at: at.toISOString(), incident: { slug: row.slug, title: row.title, status: row.status }, update: null, change: null };
  if (done.action === "publish" && !before.published) return { ...base, type: "incident.published" };
  if (done.entity === "updates" && done.action === "create") {
    const update = postedUpdate.parse(done.after);
    return { ...base, type: "incident.updated", update: { at: update.at, status: update.status, body: update.body } };
  }
  if (done.entity === "incident" && done.action === "update" && before.status !== row.status) {
    return { ...base, type: "incident.status_changed", change: { from: before.status, to: row.status } };
  }
  return null;
}
