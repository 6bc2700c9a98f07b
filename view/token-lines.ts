/**
 * Token thresholds readers compare prompt lengths against (the GLM-5.3 incident's prefill cache,
 * context window and post-fix pool, as its figures give them). Shared by the page and the exports.
 */
export type TokenLine = { tokens: number; label: string };

export const TOKEN_LINES: TokenLine[] = [
  { tokens: 681_280, label: "Prefill KV cache: 681,280" },
  { tokens: 1_048_576, label: "Context window: 1,048,576" },
  { tokens: 2_040_000, label: "Prefill pool after the fix: 2.04M" },
];
