import { describe, expect, it } from "vitest";
import { MAX_REQUEST_IDS, lookupInput } from "@/lookup/input";
import { BODY_LIMITS } from "./body-limits";

// The largest lookup the documented limits allow must fit the body limit: refusing it with 413
// would contradict what the form and the API say they take.
const longestAccount = "a".repeat(32);
const longestRequestId = (i: number) => `${String(i).padStart(3, "0")}${"x".repeat(125)}`;
const longest = { accountId: longestAccount, requestIds: Array.from({ length: MAX_REQUEST_IDS }, (_, i) => longestRequestId(i)) };

describe("the lookup's body limit", () => {
  it("takes the largest valid lookup as JSON, pretty-printed too", () => {
    expect(lookupInput.safeParse(longest).success).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(longest, null, 2))).toBeLessThanOrEqual(BODY_LIMITS.lookup);
  });

  it("takes it as the form posts it, one id a line with CRLF, in multipart", () => {
    const form = new FormData();
    form.set("accountId", longestAccount);
    form.set("requestIds", longest.requestIds.join("\r\n"));
    const size = new Response(form).arrayBuffer().then((b) => b.byteLength);
    return expect(size).resolves.toBeLessThanOrEqual(BODY_LIMITS.form);
  });
});
