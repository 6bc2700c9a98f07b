import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { postLookup } from "./support/lookup";

// The lookup's client limit over HTTP (the test server trusts X-Forwarded-For): the spellings of
// one client draw on one budget. An invalid body still counts against it and says what is left.

async function remaining(client: string): Promise<number> {
  const { response } = await postLookup("any-incident", { accountId: "not an id" }, { client });
  expect(response.status).toBe(400);
  const left = /"client";r=(\d+)/.exec(response.headers.get("ratelimit") ?? "")?.[1];
  expect(left, `no client budget for ${client}`).toBeDefined();
  return Number(left);
}

const hex = () => randomBytes(2).toString("hex");

describe("who the lookup's rate limit counts", () => {
  it("an IPv4 client and its IPv4-mapped IPv6 forms are one client", async () => {
    const [b = 0, c = 0, d = 0] = randomBytes(3);
    const v4 = `127.${b}.${c}.${d}`;
    const first = await remaining(v4);
    expect(await remaining(`::ffff:${v4}`)).toBe(first - 1);
    expect(await remaining(`::FFFF:7f${b.toString(16).padStart(2, "0")}:${((c << 8) | d).toString(16)}`)).toBe(first - 2);
  });

  it("every address of one IPv6 /64, however written, is one client; another /64 is another", async () => {
    const prefix = `2001:db8:${hex()}:${hex()}`;
    const first = await remaining(`${prefix}::1`);
    expect(await remaining(`${prefix.toUpperCase()}:ffff:0:0:2`)).toBe(first - 1);
    expect(await remaining(`[${prefix}:0::3]:443`)).toBe(first - 2);
    expect(await remaining(`${prefix}::4%eth0`)).toBe(first - 3);
    expect(await remaining(`2001:db8:${hex()}:${hex()}::1`)).toBe(29);
  });

  it("malformed addresses share one budget instead of each getting a fresh one", async () => {
    const first = await remaining(`junk-${hex()}`);
    expect(await remaining(`junk-${hex()}`)).toBe(first - 1);
  });
});
