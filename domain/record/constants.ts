// Enum values of the record, shared by the schema, the seed, the pages and client components: no drizzle import here.

export const PHASES = [
  "background",
  "warning",
  "trigger",
  "exposure",
  "detection",
  "response",
  "mitigation",
  "recovery",
  "disclosure",
  "follow-up",
] as const;
export type Phase = (typeof PHASES)[number];
/** Phases that are not the incident itself: its background and the warnings before it. */
export const PHASES_BEFORE_IT: readonly Phase[] = ["background", "warning"];

export const INCIDENT_STATUSES = ["investigating", "mitigated", "resolved"] as const;

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const DURATION_KINDS = ["interval", "stated"] as const;
export type DurationKind = (typeof DURATION_KINDS)[number];

export const RECOMMENDATION_AUDIENCES = ["tenant", "provider", "watch"] as const;
export type RecommendationAudience = (typeof RECOMMENDATION_AUDIENCES)[number];

export const RECOMMENDATION_STATUSES = ["advised", "done", "in-progress", "open"] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export const AFFECTED_ROLES = ["recipient", "exposed"] as const;
export type AffectedRole = (typeof AFFECTED_ROLES)[number];

/**
 * What a posted update says of the incident, in Statuspage's words (its incident statuses), so that
 * Statuspage clients read them unchanged: the newest update's status is the incident's there.
 */
export const UPDATE_STATUSES = ["investigating", "identified", "monitoring", "resolved", "postmortem"] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

export const CITATION_SUBJECTS = [
  "incident",
  "event",
  "figure",
  "duration_claim",
  "finding",
  "finding_reaction",
  "recommendation",
  "context_fact",
  "incident_update",
] as const;
export type CitationSubject = (typeof CITATION_SUBJECTS)[number];

/**
 * What a duration claim may stand for: the same measure across incidents, compared side by side
 * (/compare). At most one claim of an incident carries each role; the others are its own.
 */
export const DURATION_ROLES = ["detection", "declaration", "exposure", "outage", "report"] as const;
export type DurationRole = (typeof DURATION_ROLES)[number];
/** The roles that also stand in an incident's lead and on its card. */
export const LEAD_ROLES = ["exposure", "outage"] as const satisfies readonly DurationRole[];
