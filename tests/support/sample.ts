// The shipped incident's generated sample, as the tests name its accounts: from the seed's own spec.
import { readSeedIncident } from "@/db/seed/read";
import { generateSample, sampleAccountIds as accountIds } from "@/lib/sample-list";

const { sample } = readSeedIncident("glm-5-3-kv-cache-exposure");
if (!sample) throw new Error("the shipped incident has no sample.json");
const spec = sample;

/** The sample's accounts in the order it hands them out; the first `accounts` are in its rows. */
export const sampleAccountIds = (): string[] => accountIds(spec);
/** An account id from the same generator that is in no sample row: "not affected". */
export const UNAFFECTED_SAMPLE_ACCOUNT = accountIds(spec, spec.accounts + 1).at(-1) ?? "";
/** The sample's rows, as a lookup answers them. */
export const sampleRows = () =>
  generateSample(spec).map((r) => ({ accountId: r.account_id, requestId: r.request_id, occurredAt: r.occurred_at, promptTokens: Number(r.prompt_tokens), role: r.role }));
