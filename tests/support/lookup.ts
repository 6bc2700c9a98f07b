import { randomInt } from "node:crypto";
import { inject } from "vitest";
import { fileServer } from "./file-server";
import { withFileStore } from "./file-store";

// Each test file loads this module afresh, so the counter starts from a random point per file.
let clients = randomInt(0, 2 ** 24 - 4096);

/** A fresh client address per call (the test server trusts X-Forwarded-For), so limits stay apart. */
export function newClient(): string {
  clients += 1;
  return `127.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

export function lookupURL(slug: string): URL {
  return new URL(`/api/incidents/${slug}/lookup`, fileServer().baseURL);
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

const SYSTEM = { kind: "system", name: "lookup-test" } as const;

/** Signed lookup links for these accounts, made on the test server's database as `npm run lookup:links` makes them. */
export async function linksFor(slug: string, accountIds: string[], { expiresAt = new Date(Date.now() + 3600_000) } = {}): Promise<string[]> {
  const { issueLinks } = await import("@/lookup/proof/links");
  const { links } = await withFileStore((store) => issueLinks(store, SYSTEM, { slug, accountIds, expiresAt, origin: fileServer().baseURL, secret: inject("lookupSecret") }));
  return links.map((l) => l.link);
}

/** The token of a link, as an API client sends it ({"link": token}). */
export const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

/** GET a link as a browser opening it would, without following the redirect. */
export function openLink(link: string, client = newClient()): Promise<Response> {
  return fetch(link, { redirect: "manual", headers: { "x-forwarded-for": client, accept: "text/html" } });
}

/** The lookup session cookie ("name=value") a link's exchange sets, for requests made by hand. */
export async function sessionCookieOf(link: string, client = newClient()): Promise<string> {
  const opened = await openLink(link, client);
  const cookie = opened.headers.getSetCookie().find((c) => c.startsWith("aftermath_lookup="));
  if (!cookie) throw new Error(`the link's exchange set no session cookie (status ${opened.status})`);
  return cookie.split(";")[0] ?? "";
}

/** The lookup page's "Sign out of this lookup", posted as the page's form is, with this cookie. */
export function signOut(slug: string, cookie: string, base: string | URL = fileServer().baseURL): Promise<Response> {
  const url = new URL(`/incidents/${slug}/lookup/signout`, base);
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClient(), cookie, origin: url.origin, "sec-fetch-site": "same-origin" },
    body: "",
  });
}
