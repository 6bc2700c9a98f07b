import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { incident } from "@/domain/record/incident";

export const SUBSCRIBER_CHANNELS = ["email", "webhook"] as const;
export type SubscriberChannel = (typeof SUBSCRIBER_CHANNELS)[number];
/** pending: awaiting its confirmation; confirmed: sent news; ended: unsubscribed; disabled: its endpoint answered 410. */
export const SUBSCRIBER_STATES = ["pending", "confirmed", "ended", "disabled"] as const;

/**
 * A reader who asked for news of one incident (or of all, `incident_id` null), by email or by
 * webhook, with no account. An email address is kept while the subscription lives, since news is
 * sent to it; it is matched by its keyed hash. A webhook's signing secret is stored encrypted.
 */
export const subscriber = sqliteTable(
  "subscriber",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: SUBSCRIBER_CHANNELS }).notNull(),
    incidentId: integer("incident_id").references(() => incident.id, { onDelete: "cascade" }),
    /** The email address or the webhook's URL; null once the subscription has ended. */
    address: text("address"),
    /** The address's domain, or the URL's host: what the outbox paces by. */
    domain: text("domain").notNull(),
    /** HMAC-SHA-256 of the normalized address under the lookup secret. */
    addressHash: text("address_hash").notNull(),
    state: text("state", { enum: SUBSCRIBER_STATES }).notNull(),
    /** A webhook's whsec_ secret, AES-256-GCM under a key derived from the lookup secret. */
    secret: text("secret"),
    /** The secret a sign-up showed, in force once its confirmation (sent to the endpoint itself) is used. */
    pendingSecret: text("pending_secret"),
    /** The language the subscriber signed up in: its mail and its pages speak it. */
    locale: text("locale").notNull().default("en"),
    /** Bumped by each confirmation sent, so only the newest link confirms. */
    nonce: integer("nonce").notNull().default(0),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    confirmedAt: text("confirmed_at"),
    endedAt: text("ended_at"),
  },
  (t) => [
    // One subscription per address and scope; all incidents is scope 0.
    uniqueIndex("subscriber_channel_address_hash_scope_idx").on(t.channel, t.addressHash, sql`coalesce(${t.incidentId}, 0)`),
    index("subscriber_incident_id_state_idx").on(t.incidentId, t.state),
  ],
);
