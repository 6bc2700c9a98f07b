import { randomInt } from "node:crypto";
import { inject } from "vitest";

const baseURL = inject("baseURL");
// Each test file loads this module afresh, so the counter starts from a random point per file.
let clients = randomInt(0, 2 ** 24 - 4096);

/** A fresh client address per call (the test server trusts X-Forwarded-For), so limits stay apart. */
export function newClient(): string {
  clients += 1;
  return `127.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

export function lookupURL(slug: string): URL {
  return new URL(`/api/incidents/${slug}/lookup`, baseURL);
}

export async function postLookup(
  slug: string,
  body: unknown,
  { client = newClient(), contentType = "application/json" }: { client?: string; contentType?: string } = {},
): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await fetch(lookupURL(slug), {
    method: "POST",
    headers: { "content-type": contentType, "x-forwarded-for": client },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}
