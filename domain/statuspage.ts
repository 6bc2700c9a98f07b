import { z } from "zod";
import { type INCIDENT_STATUSES, UPDATE_STATUSES, type Severity, type UpdateStatus } from "./record/constants";

// The Statuspage-compatible answers (/api/v2/*.json), in Statuspage's v2 field names and value
// sets, as the server sends them: each is parsed with its schema before it is kept (publish/statuspage.ts).

/** Statuspage's incident impacts, lowest first: the status indicator is the highest of them. */
export const IMPACTS = ["none", "minor", "major", "critical"] as const;
export type Impact = (typeof IMPACTS)[number];

/** An incident's impact from its severity; one not rated (null) is "none": nothing is guessed. */
export const IMPACT_OF_SEVERITY: Record<Severity, Impact> = { low: "minor", medium: "minor", high: "major", critical: "critical" };
export const impactOf = (severity: Severity | null): Impact => (severity === null ? "none" : IMPACT_OF_SEVERITY[severity]);

/** An incident's own status in Statuspage's words, for one with no posted update. */
export const STATUS_OF_INCIDENT: Record<(typeof INCIDENT_STATUSES)[number], UpdateStatus> = {
  investigating: "investigating",
  mitigated: "monitoring",
  resolved: "resolved",
};

/** The statuses Statuspage counts as over: every other one is unresolved. */
export const CLOSED_STATUSES: readonly UpdateStatus[] = ["resolved", "postmortem"];
export const isUnresolved = (status: UpdateStatus) => !CLOSED_STATUSES.includes(status);

/** How many incidents incidents.json, and the unresolved lists, carry at most (Statuspage's own number). */
export const STATUSPAGE_INCIDENTS = 50;

const instant = z.iso.datetime();
const noneOf = z.tuple([]);

export const statuspagePageSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  url: z.url({ protocol: /^https?$/ }),
  time_zone: z.literal("Etc/UTC"),
  updated_at: instant,
});

export const statuspageUpdateSchema = z.strictObject({
  id: z.string().min(1),
  status: z.enum(UPDATE_STATUSES),
  /** Markdown, as posted. */
  body: z.string(),
  incident_id: z.string().min(1),
  created_at: instant,
  updated_at: instant,
  display_at: instant,
  affected_components: noneOf,
  deliver_notifications: z.literal(true),
  custom_tweet: z.null(),
  tweet_id: z.null(),
});

export const statuspageIncidentSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  status: z.enum(UPDATE_STATUSES),
  impact: z.enum(IMPACTS),
  created_at: instant,
  updated_at: instant,
  monitoring_at: instant.nullable(),
  resolved_at: instant.nullable(),
  /** Null when the record dates nothing of the incident itself: no time is made up. */
  started_at: instant.nullable(),
  shortlink: z.url({ protocol: /^https?$/ }),
  page_id: z.string().min(1),
  incident_updates: z.array(statuspageUpdateSchema),
  components: noneOf,
});
export type StatuspageIncident = z.infer<typeof statuspageIncidentSchema>;

export const statuspageStatusSchema = z.strictObject({ indicator: z.enum(IMPACTS), description: z.string().min(1) });

const page = { page: statuspagePageSchema };
const incidents = z.array(statuspageIncidentSchema).max(STATUSPAGE_INCIDENTS);

/** Every answer by its name, with its schema: its address is /api/v2/<name>.json (http/edge/route-list.ts). */
export const STATUSPAGE_SCHEMAS = {
  summary: z.strictObject({ ...page, status: statuspageStatusSchema, components: noneOf, incidents, scheduled_maintenances: noneOf }),
  status: z.strictObject({ ...page, status: statuspageStatusSchema }),
  incidents: z.strictObject({ ...page, incidents }),
  "incidents/unresolved": z.strictObject({ ...page, incidents }),
  components: z.strictObject({ ...page, components: noneOf }),
  "scheduled-maintenances": z.strictObject({ ...page, scheduled_maintenances: noneOf }),
  "scheduled-maintenances/upcoming": z.strictObject({ ...page, scheduled_maintenances: noneOf }),
  "scheduled-maintenances/active": z.strictObject({ ...page, scheduled_maintenances: noneOf }),
} as const;
export type StatuspageAnswer = keyof typeof STATUSPAGE_SCHEMAS;
export type StatuspageDocument<A extends StatuspageAnswer> = z.infer<(typeof STATUSPAGE_SCHEMAS)[A]>;
