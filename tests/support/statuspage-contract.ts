import { z } from "zod";

// What Statuspage's clients expect of /api/v2/*.json, written here from outside sources and not
// from domain/statuspage.ts, so an answer that drifts from Statuspage's shape fails a test.

/**
 * Statuspage's documented shapes, strict: the example responses of the public status API
 * (https://confluence.status.atlassian.com/api, "Summary", "Status", "Components", "Incidents",
 * "Scheduled Maintenances"), the OpenAPI description of the same API at
 * https://www.mongodb.com/docs/api/doc/cloud-status (its enums: indicator none|minor|major|critical,
 * impact adds maintenance, update status the incident and maintenance statuses), and the fields
 * live pages add beside them (page.time_zone, an incident's started_at and components, an
 * update's affected_components, deliver_notifications, custom_tweet, tweet_id), as the
 * statuspage.io npm client's Result.d.ts types them.
 */
const when = z.iso.datetime({ offset: true });
const indicator = z.enum(["none", "minor", "major", "critical"]);
const page = z.strictObject({ id: z.string().min(1), name: z.string().min(1), url: z.url(), time_zone: z.string().min(1), updated_at: when });
const component = z.strictObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"]),
  created_at: when,
  updated_at: when,
  position: z.number().int(),
  description: z.string().nullable(),
  showcase: z.boolean(),
  start_date: z.iso.date().nullable(),
  group_id: z.string().nullable(),
  page_id: z.string(),
  group: z.boolean(),
  only_show_if_degraded: z.boolean(),
});
const affected = z.strictObject({ code: z.string(), name: z.string(), old_status: z.string(), new_status: z.string() });
const update = z.strictObject({
  id: z.string().min(1),
  status: z.enum(["investigating", "identified", "monitoring", "resolved", "postmortem", "scheduled", "in_progress", "verifying", "completed"]),
  body: z.string(),
  incident_id: z.string().min(1),
  created_at: when,
  updated_at: when,
  display_at: when.nullable(),
  affected_components: z.array(affected).nullable(),
  deliver_notifications: z.boolean(),
  custom_tweet: z.string().nullable(),
  tweet_id: z.string().nullable(),
});
const incident = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  status: z.enum(["investigating", "identified", "monitoring", "resolved", "postmortem"]),
  impact: z.enum(["none", "minor", "major", "critical", "maintenance"]),
  created_at: when,
  updated_at: when,
  monitoring_at: when.nullable(),
  resolved_at: when.nullable(),
  // Live pages always date it; Aftermath sends null for a record that dates nothing of the incident (README).
  started_at: when.nullable(),
  shortlink: z.url(),
  page_id: z.string().min(1),
  incident_updates: z.array(update),
  components: z.array(component),
});
const maintenance = incident.extend({
  status: z.enum(["scheduled", "in_progress", "verifying", "completed"]),
  scheduled_for: when,
  scheduled_until: when,
});
const status = z.strictObject({ indicator, description: z.string().min(1) });
const unresolved = incident.extend({ status: z.enum(["investigating", "identified", "monitoring"]) });

export const DOCUMENTED = {
  summary: z.strictObject({ page, status, components: z.array(component), incidents: z.array(unresolved), scheduled_maintenances: z.array(maintenance) }),
  status: z.strictObject({ page, status }),
  incidents: z.strictObject({ page, incidents: z.array(incident).max(50) }),
  "incidents/unresolved": z.strictObject({ page, incidents: z.array(unresolved) }),
  components: z.strictObject({ page, components: z.array(component) }),
  "scheduled-maintenances": z.strictObject({ page, scheduled_maintenances: z.array(maintenance) }),
  "scheduled-maintenances/upcoming": z.strictObject({ page, scheduled_maintenances: z.array(maintenance.extend({ status: z.literal("scheduled") })) }),
  "scheduled-maintenances/active": z.strictObject({ page, scheduled_maintenances: z.array(maintenance.extend({ status: z.enum(["in_progress", "verifying"]) })) }),
} as const;
export type DocumentedAnswer = keyof typeof DOCUMENTED;

/**
 * As real clients read them, each with the checks it makes (written again here, not copied):
 * - openstatus's external status fetcher (openstatusHQ/external-status, src/api.ts) reads
 *   status.json: page.url a URL, page.time_zone, page.updated_at an instant with an offset;
 * - a dependency monitor's Statuspage v2 adapter (its summaryDocSchema, incidentsDocSchema,
 *   maintenanceDocSchema): strict top levels, a page id, incidents and updates with ids and times;
 * - a Statuspage MCP server's runtime gate (StatuspageSummaryResponseSchema): the indicator's and
 *   each incident's impact from Statuspage's sets, every update with its body and status;
 * - a chat bot's githubstatus.com reader: status.json's indicator none|minor|major|critical.
 */
const adapterIncident = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  status: z.string(),
  impact: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable().optional(),
  resolved_at: z.string().nullable().optional(),
  shortlink: z.string().nullable().optional(),
  components: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), status: z.string() })).optional(),
  incident_updates: z.array(z.object({ id: z.string().min(1), status: z.string(), body: z.string().nullable().optional(), created_at: z.string(), updated_at: z.string() })).optional(),
});
const adapterPage = z.object({ id: z.string().min(1), updated_at: z.string() });
const gateIncident = z.object({
  id: z.string(),
  name: z.string(),
  impact: z.enum(["none", "minor", "major", "critical", "maintenance"]),
  status: z.string(),
  created_at: z.string(),
  incident_updates: z.array(z.object({ body: z.string(), status: z.string(), created_at: z.string(), affected_components: z.array(z.object({ name: z.string() })).nullish() })),
});

export const CLIENTS: Array<{ client: string; answer: DocumentedAnswer; schema: z.ZodType }> = [
  {
    client: "openstatus external status",
    answer: "status",
    schema: z.object({
      page: z.object({ id: z.string(), name: z.string(), url: z.url(), time_zone: z.string(), updated_at: z.iso.datetime({ offset: true }) }),
      status: z.object({ indicator: z.string(), description: z.string() }),
    }),
  },
  {
    client: "Statuspage v2 adapter, summary",
    answer: "summary",
    schema: z.strictObject({
      page: adapterPage,
      status: z.object({ indicator: z.string(), description: z.string() }),
      components: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), status: z.string() })),
      incidents: z.array(adapterIncident).optional(),
      scheduled_maintenances: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), status: z.string(), scheduled_for: z.string() })).optional(),
    }),
  },
  { client: "Statuspage v2 adapter, incidents", answer: "incidents", schema: z.strictObject({ page: adapterPage, incidents: z.array(adapterIncident) }) },
  { client: "Statuspage v2 adapter, maintenances", answer: "scheduled-maintenances/active", schema: z.strictObject({ page: adapterPage, scheduled_maintenances: z.array(z.object({ scheduled_for: z.string() })) }) },
  {
    client: "Statuspage MCP gate, summary",
    answer: "summary",
    schema: z.object({
      page: z.object({ name: z.string() }),
      status: z.object({ indicator: z.enum(["none", "minor", "major", "critical", "maintenance"]), description: z.string() }),
      components: z.array(z.object({ name: z.string(), status: z.string() })),
      incidents: z.array(gateIncident).optional(),
      scheduled_maintenances: z.array(gateIncident).optional(),
    }),
  },
  { client: "Statuspage MCP gate, incidents", answer: "incidents/unresolved", schema: z.object({ page: z.object({ name: z.string() }), incidents: z.array(gateIncident) }) },
  { client: "githubstatus reader", answer: "status", schema: z.object({ status: z.object({ description: z.string(), indicator: z.enum(["none", "minor", "major", "critical"]) }) }) },
];
