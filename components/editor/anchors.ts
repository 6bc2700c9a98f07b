// Kept apart from sections.ts, whose zod must not reach the browser's forms (the CSP blocks its eval probe).

/** The anchor of "Add a source without leaving this page", which every page whose facts cite has. */
export const QUICK_SOURCE_ID = "quick-source";
