import "server-only";
import { sql } from "drizzle-orm";
import type { NewsPayload } from "@/domain/notify";
import type { Tx } from "../client";

/**
 * Queues the news of one change to every confirmed subscriber of its incident or of all incidents,
 * in SQL, in the write's own transaction: the change and the news of it land together or not at
 * all. The key (the change's audit entry, the subscriber) makes each message once. How many.
 */
export function announce(tx: Tx, news: { auditId: number; incidentId: number; payload: Omit<NewsPayload, "to">; now: number }): number {
  const payload = JSON.stringify({ ...news.payload, to: "" });
  const masked = sql`CASE s.channel WHEN 'email' THEN substr(s.address, 1, 1) || '•••' || substr(s.address, instr(s.address, '@')) ELSE s.domain END`;
  return tx.run(sql`INSERT INTO outbox_message (key, channel, purpose, incident_id, subscriber_id, recipient, recipient_hash, domain, payload, due_at)
    SELECT ${`news:${news.auditId}:`} || s.id, s.channel, 'news', ${news.incidentId}, s.id, s.address, s.address_hash, s.domain,
      json_set(${payload}, '$.to', ${masked}), ${news.now}
    FROM subscriber s
    WHERE s.state = 'confirmed' AND s.address IS NOT NULL AND (s.incident_id = ${news.incidentId} OR s.incident_id IS NULL)
    ON CONFLICT (key) DO NOTHING`).changes;
}
