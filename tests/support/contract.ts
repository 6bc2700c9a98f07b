// What the incident page promises, shared by the HTTP and browser tests.

export const SLUG = "glm-5-3-kv-cache-exposure";
export const TITLE = "GLM-5.3 cross-tenant KV-cache exposure on Workers AI";
export const INCIDENT_PATH = `/incidents/${SLUG}`;
/** The second shipped incident: a real one with no affected list published. */
export const SECOND_SLUG = "chatgpt-redis-py-cross-user-exposure";
export const SECOND_TITLE = "ChatGPT cross-user exposure through a redis-py bug";
export const THIRD_SLUG = "fastly-global-outage-2021-06-08";
export const THIRD_TITLE = "Fastly global CDN outage set off by a customer's configuration change";

export const SECTION_HEADINGS = [
  "lead-heading",
  "figures-heading",
  "timeline-heading",
  "durations-heading",
  "affected-heading",
  "assessments-heading",
  "advice-heading",
  "context-heading",
  "sources-heading",
] as const;

export const CHARTS = ["durations-minutes", "durations-days", "affected-per-day", "affected-measure-prompt_tokens"] as const;
