import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./support/process";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { fileServer } from "./support/file-server";

// The files a site serves at its root: robots.txt for everyone, security.txt (RFC 9116) only with a
// contact its operator configured; an address nobody gave is never invented.

const baseURL = fileServer().baseURL;
let own: OwnServer;
beforeAll(async () => {
  const port = await freePort();
  own = await startOwnServer(port, { SECURITY_CONTACT: "mailto:security@example.com, https://example.com/report", PUBLIC_ORIGIN: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await own?.stop();
});

describe("the site's own files", () => {
  it("robots.txt keeps crawlers out of the editor, the API and each tenant's lookup", async () => {
    const r = await fetch(new URL("/robots.txt", baseURL));
    expect([r.status, r.headers.get("content-type")]).toEqual([200, "text/plain; charset=UTF-8"]);
    const text = await r.text();
    for (const path of ["/editor", "/api/", "/incidents/*/lookup"]) expect(text).toContain(`Disallow: ${path}\n`);
  });

  it("security.txt is a 404 problem where no contact is configured", async () => {
    const r = await fetch(new URL("/.well-known/security.txt", baseURL));
    expect([r.status, r.headers.get("content-type")]).toEqual([404, "application/problem+json"]);
    expect(((await r.json()) as { detail: string }).detail).toContain("SECURITY_CONTACT");
  });

  it("security.txt names the configured contacts, an expiry under a year ahead and its canonical address", async () => {
    const r = await fetch(new URL("/.well-known/security.txt", own.baseURL));
    expect([r.status, r.headers.get("content-type")]).toEqual([200, "text/plain; charset=utf-8"]);
    const text = await r.text();
    expect(text).toMatch(/^Contact: mailto:security@example\.com\nContact: https:\/\/example\.com\/report\nExpires: \d{4}-\d{2}-\d{2}T00:00:00Z\nCanonical: http:\/\/127\.0\.0\.1:\d+\/\.well-known\/security\.txt\nPreferred-Languages: en\n$/);
    const expires = Date.parse(/Expires: (\S+)/.exec(text)?.[1] ?? "");
    expect(expires - Date.now()).toBeGreaterThan(150 * 86_400_000);
    expect(expires - Date.now()).toBeLessThan(365 * 86_400_000);
  });
});
