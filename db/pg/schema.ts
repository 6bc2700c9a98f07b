// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.
import { sql } from "drizzle-orm";
import { bigint, check, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";

export const incident = pgTable(
  "incident",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    provider: text("provider").notNull(),
    service: text("service").notNull(),
    model: text("model"),
    kind: text("kind"),
    status: text("status").notNull(),
    severity: text("severity"),
    impact: text("impact").notNull(),
    cause: text("cause").notNull(),
    isAttack: integer("is_attack"),
    attackNote: text("attack_note"),
    contextTitle: text("context_title"),
    textLocale: text("text_locale").notNull().default("en"),
    affectedShape: text("affected_shape"),
    published: integer("published").notNull().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    updatedAt: text("updated_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    latestAt: text("latest_at"),
    year: text("year"),
  },
  (t) => [
    uniqueIndex("incident_slug_idx").on(t.slug),
    index("incident_listing_idx").on(t.published, t.latestAt, t.slug),
    index("incident_year_idx").on(t.published, t.year),
    index("incident_provider_idx").on(t.published, t.provider),
    index("incident_kind_idx").on(t.published, t.kind),
    index("incident_status_idx").on(t.published, t.status),
  ],
);

export const affectedList = pgTable(
  "affected_list",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    state: text("state").notNull(),
    sample: integer("sample").notNull(),
    note: text("note"),
    rows: integer("rows").notNull(),
    total: bigint("total", { mode: "number" }).notNull().default(0),
    firstAt: text("first_at"),
    lastAt: text("last_at"),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    touchedAt: text("touched_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("affected_list_live_idx").on(t.incidentId).where(sql`"state" = 'live'`),
    index("affected_list_incident_id_idx").on(t.incidentId),
  ],
);

export const affectedBucket = pgTable(
  "affected_bucket",
  {
    listId: integer("list_id").notNull(),
    measure: text("measure").notNull(),
    from: bigint("from_value", { mode: "number" }).notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_bucket_pk", columns: [t.listId, t.measure, t.from] }),
  ],
);

export const affectedClassCount = pgTable(
  "affected_class_count",
  {
    listId: integer("list_id").notNull(),
    dataClass: text("data_class").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_class_count_pk", columns: [t.listId, t.dataClass] }),
  ],
);

export const affectedDay = pgTable(
  "affected_day",
  {
    listId: integer("list_id").notNull(),
    day: text("day").notNull(),
    role: text("role").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_day_pk", columns: [t.listId, t.day, t.role] }),
  ],
);

export const affectedMeasure = pgTable(
  "affected_measure",
  {
    listId: integer("list_id").notNull(),
    measure: text("measure").notNull(),
    width: bigint("width", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_measure_pk", columns: [t.listId, t.measure] }),
  ],
);

export const affectedResponse = pgTable(
  "affected_response",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    listId: integer("list_id").notNull(),
    tenantKey: text("tenant_key").notNull(),
    requestId: text("request_id").notNull(),
    occurredAt: text("occurred_at"),
    m1: bigint("m1", { mode: "number" }),
    m2: bigint("m2", { mode: "number" }),
    m3: bigint("m3", { mode: "number" }),
    m4: bigint("m4", { mode: "number" }),
    role: text("role").notNull(),
    classes: bigint("classes", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    uniqueIndex("affected_response_list_id_tenant_key_request_id_role_idx").on(t.listId, t.tenantKey, t.requestId, t.role),
    index("affected_response_lookup_idx").on(t.listId, t.tenantKey, t.occurredAt, t.requestId, t.m1, t.m2, t.m3, t.m4, t.role, t.classes),
  ],
);

export const affectedRoleCount = pgTable(
  "affected_role_count",
  {
    listId: integer("list_id").notNull(),
    role: text("role").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    primaryKey({ name: "affected_role_count_pk", columns: [t.listId, t.role] }),
  ],
);

export const apiToken = pgTable(
  "api_token",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scope: text("scope").notNull(),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_token_name_idx").on(t.name),
    uniqueIndex("api_token_token_hash_idx").on(t.tokenHash),
  ],
);

export const auditEntry = pgTable(
  "audit_entry",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    at: text("at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    actor: text("actor").notNull(),
    incidentId: bigint("incident_id", { mode: "number" }),
    incidentSlug: text("incident_slug"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: bigint("entity_id", { mode: "number" }),
    before: text("before"),
    after: text("after"),
  },
  (t) => [
    index("audit_entry_incident_id_at_idx").on(t.incidentId, t.at),
  ],
);

export const source = pgTable(
  "source",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    number: bigint("number", { mode: "number" }).notNull(),
    publisher: text("publisher").notNull(),
    title: text("title").notNull(),
    author: text("author"),
    publishedOn: text("published_on").notNull(),
    url: text("url"),
    note: text("note"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("source_incident_id_number_idx").on(t.incidentId, t.number),
    index("source_incident_id_idx").on(t.incidentId),
  ],
);

export const citation = pgTable(
  "citation",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    sourceId: integer("source_id").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: bigint("subject_id", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.sourceId], foreignColumns: [source.id] }).onDelete("cascade"),
    uniqueIndex("citation_subject_type_subject_id_source_id_idx").on(t.subjectType, t.subjectId, t.sourceId),
    index("citation_source_id_idx").on(t.sourceId),
  ],
);

export const contextFact = pgTable(
  "context_fact",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    topic: text("topic").notNull(),
    statement: text("statement").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("context_fact_incident_id_position_idx").on(t.incidentId, t.position),
  ],
);

export const event = pgTable(
  "event",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    key: text("key").notNull(),
    at: text("at"),
    precision: text("precision").notNull(),
    phase: text("phase").notNull(),
    title: text("title").notNull(),
    detail: text("detail"),
    position: bigint("position", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("event_incident_id_key_idx").on(t.incidentId, t.key),
    index("event_incident_id_position_idx").on(t.incidentId, t.position),
    check("event_at_matches_precision", sql`("precision" = 'none' AND "at" IS NULL) OR ("precision" = 'year' AND length("at") = 4) OR ("precision" = 'month' AND length("at") = 7) OR ("precision" = 'day' AND length("at") = 10) OR ("precision" = 'minute' AND length("at") = 17)`),
  ],
);

export const durationClaim = pgTable(
  "duration_claim",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    key: text("key").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    label: text("label").notNull(),
    role: text("role"),
    kind: text("kind").notNull(),
    fromEventId: integer("from_event_id"),
    toEventId: integer("to_event_id"),
    statedMinutes: bigint("stated_minutes", { mode: "number" }),
    approximate: integer("approximate").notNull().default(0),
    countedBy: text("counted_by").notNull(),
    method: text("method").notNull(),
    note: text("note"),
    contestsId: integer("contests_id"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    foreignKey({ columns: [t.fromEventId], foreignColumns: [event.id] }).onDelete("restrict"),
    foreignKey({ columns: [t.toEventId], foreignColumns: [event.id] }).onDelete("restrict"),
    foreignKey({ columns: [t.contestsId], foreignColumns: [t.id] }).onDelete("set null"),
    uniqueIndex("duration_claim_incident_id_key_idx").on(t.incidentId, t.key),
    uniqueIndex("duration_claim_incident_id_role_idx").on(t.incidentId, t.role),
    index("duration_claim_incident_id_position_idx").on(t.incidentId, t.position),
    check("duration_claim_kind_fields", sql`("kind" = 'interval' AND "from_event_id" IS NOT NULL AND "to_event_id" IS NOT NULL AND "stated_minutes" IS NULL) OR ("kind" = 'stated' AND "stated_minutes" > 0 AND "from_event_id" IS NULL AND "to_event_id" IS NULL)`),
  ],
);

export const figure = pgTable(
  "figure",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    value: text("value").notNull(),
    unit: text("unit"),
    label: text("label").notNull(),
    note: text("note"),
    headline: integer("headline").notNull().default(0),
    threshold: bigint("threshold", { mode: "number" }),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("figure_incident_id_position_idx").on(t.incidentId, t.position),
    check("figure_threshold_positive", sql`"threshold" IS NULL OR "threshold" > 0`),
  ],
);

export const finding = pgTable(
  "finding",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    assessor: text("assessor").notNull(),
    assessedOn: text("assessed_on").notNull(),
    statement: text("statement").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("finding_incident_id_position_idx").on(t.incidentId, t.position),
  ],
);

export const findingReaction = pgTable(
  "finding_reaction",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    who: text("who").notNull(),
    affiliation: text("affiliation"),
    statement: text("statement").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("finding_reaction_incident_id_position_idx").on(t.incidentId, t.position),
  ],
);

export const incidentUpdate = pgTable(
  "incident_update",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    at: text("at").notNull(),
    status: text("status").notNull(),
    body: text("body").notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("incident_update_incident_id_at_idx").on(t.incidentId, t.at),
  ],
);

export const lookupKey = pgTable(
  "lookup_key",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kid: text("kid").notNull(),
    salt: text("salt").notNull(),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("lookup_key_kid_idx").on(t.kid),
    uniqueIndex("lookup_key_current_idx").on(sql`coalesce("revoked_at", '')`).where(sql`"revoked_at" IS NULL`),
  ],
);

export const lookupSessionEnd = pgTable(
  "lookup_session_end",
  {
    sessionId: text("session_id").notNull().primaryKey(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [
    index("lookup_session_end_expires_at_idx").on(t.expiresAt),
  ],
);

export const notice = pgTable(
  "notice",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    listId: integer("list_id").notNull(),
    accountKey: text("account_key").notNull(),
    accountEnding: text("account_ending").notNull(),
    emailHash: text("email_hash").notNull(),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    foreignKey({ columns: [t.listId], foreignColumns: [affectedList.id] }).onDelete("cascade"),
    uniqueIndex("notice_list_id_account_key_idx").on(t.listId, t.accountKey),
    uniqueIndex("notice_incident_id_email_hash_account_key_idx").on(t.incidentId, t.emailHash, t.accountKey),
  ],
);

export const subscriber = pgTable(
  "subscriber",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    channel: text("channel").notNull(),
    incidentId: integer("incident_id"),
    address: text("address"),
    domain: text("domain").notNull(),
    addressHash: text("address_hash").notNull(),
    state: text("state").notNull(),
    secret: text("secret"),
    pendingSecret: text("pending_secret"),
    locale: text("locale").notNull().default("en"),
    nonce: bigint("nonce", { mode: "number" }).notNull().default(0),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    confirmedAt: text("confirmed_at"),
    endedAt: text("ended_at"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("subscriber_channel_address_hash_scope_idx").on(t.channel, t.addressHash, sql`coalesce("incident_id", 0)`),
    index("subscriber_incident_id_state_idx").on(t.incidentId, t.state),
  ],
);

export const outboxMessage = pgTable(
  "outbox_message",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    key: text("key").notNull(),
    channel: text("channel").notNull(),
    purpose: text("purpose").notNull(),
    incidentId: integer("incident_id"),
    subscriberId: integer("subscriber_id"),
    noticeId: integer("notice_id"),
    recipient: text("recipient"),
    recipientHash: text("recipient_hash").notNull(),
    domain: text("domain").notNull(),
    payload: text("payload").notNull(),
    state: text("state").notNull().default("pending"),
    attempts: bigint("attempts", { mode: "number" }).notNull().default(0),
    dueAt: bigint("due_at", { mode: "number" }).notNull(),
    lease: text("lease"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    sentAt: text("sent_at"),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("set null"),
    foreignKey({ columns: [t.subscriberId], foreignColumns: [subscriber.id] }).onDelete("set null"),
    foreignKey({ columns: [t.noticeId], foreignColumns: [notice.id] }).onDelete("set null"),
    uniqueIndex("outbox_message_key_idx").on(t.key),
    index("outbox_message_due_idx").on(t.channel, t.dueAt).where(sql`state = 'pending'`),
    index("outbox_message_incident_id_state_idx").on(t.incidentId, t.state),
    index("outbox_message_notice_id_idx").on(t.noticeId),
    index("outbox_message_subscriber_id_idx").on(t.subscriberId),
  ],
);

export const rateBucket = pgTable(
  "rate_bucket",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    tokens: doublePrecision("tokens").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "rate_bucket_pk", columns: [t.scope, t.key] }),
    index("rate_bucket_at_idx").on(t.at),
  ],
);

export const recommendation = pgTable(
  "recommendation",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    audience: text("audience").notNull(),
    text: text("text").notNull(),
    status: text("status").notNull(),
    answeredByLookup: integer("answered_by_lookup").notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    index("recommendation_incident_id_position_idx").on(t.incidentId, t.position),
  ],
);

export const user = pgTable(
  "user",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(),
    createdAt: text("created_at").notNull().default(sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
  },
  (t) => [
    uniqueIndex("user_email_idx").on(t.email),
  ],
);

export const session = pgTable(
  "session",
  {
    idHash: text("id_hash").notNull().primaryKey(),
    userId: integer("user_id").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    lastSeenAt: bigint("last_seen_at", { mode: "number" }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.userId], foreignColumns: [user.id] }).onDelete("cascade"),
    index("session_user_id_idx").on(t.userId),
  ],
);

export const translation = pgTable(
  "translation",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incidentId: integer("incident_id").notNull(),
    subject: text("subject").notNull(),
    subjectId: bigint("subject_id", { mode: "number" }).notNull(),
    field: text("field").notNull(),
    locale: text("locale").notNull(),
    text: text("text").notNull(),
    original: integer("original").notNull().default(0),
    quote: integer("quote").notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.incidentId], foreignColumns: [incident.id] }).onDelete("cascade"),
    uniqueIndex("translation_subject_subject_id_field_locale_idx").on(t.subject, t.subjectId, t.field, t.locale),
    index("translation_incident_id_locale_idx").on(t.incidentId, t.locale),
  ],
);
