import "server-only";
import { sql } from "drizzle-orm";
import type { NewsPayload } from "@/domain/notify";
import { jsonWithText } from "../dialect";
import type { Tx } from "../store/store";

/**
 * Queues the news of one change to every confirmed subscriber of its incident or of all incidents,
 * in SQL, in the write's own transaction: the change and the news of it land together or not at
 * all. The key (the change's audit entry, the subscriber) makes each message once. How many.
 */
export async function announce(tx: Tx, news: { auditId: number; incidentId: number; payload: Omit<NewsPayload, "to">; now: number }): Promise<number> {
  const payload = JSON.stringify({ ...news.payload, to: "" });
  // As maskRecipient writes it: an email's first character and its domain (the part after its last @), a webhook's host.
  const masked = sql`CASE s.channel WHEN 'email' THEN substr(s.address, 1, 1) || '•••@' || s.domain ELSE s.domain END`;
  // A value in the SELECT's list says its type: PostgreSQL would take an untyped parameter there for text.
  return tx.exec(sql`INSERT INTO outbox_message (key, channel, purpose, incident_id, subscriber_id, recipient, recipient_hash, domain, payload, due_at)
    SELECT CAST(${`news:${news.auditId}:`} AS text) || s.id, s.channel, 'news', CAST(${news.incidentId} AS integer), s.id, s.address, s.address_hash, s.domain,
      ${jsonWithText(tx, sql`${payload}`, "to", masked)}, CAST(${news.now} AS bigint)
    FROM subscriber s
    WHERE s.state = 'confirmed' AND s.address IS NOT NULL AND (s.incident_id = ${news.incidentId} OR s.incident_id IS NULL)
    ON CONFLICT (key) DO NOTHING`);
}
