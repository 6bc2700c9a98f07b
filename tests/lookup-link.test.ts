import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SLUG } from "./support/contract";
import { visibleText } from "./support/html";
import { linksFor, lookupURL, newClient, sessionCookieOf, signOut, tokenOf } from "./support/lookup";
import { sampleAccountIds } from "./support/sample";
import { fileServer } from "./support/file-server";

// A link opened from another site (an attacker's page can send a visitor to anyone's link) must
// never replace the lookup session the visitor has open; the visitor is asked on our own page.
const baseURL = fileServer().baseURL;
const LOOKUP = `/incidents/${SLUG}/lookup`;
// Accounts 12 to 29 of the sample, two fresh ones per test, so no owner's budget (10 a minute) runs out.
let taken = 12;
const twoAccounts = () => {
  const ids = sampleAccountIds().slice(taken, (taken += 2));
  if (ids.length < 2) throw new Error("the sample has too few accounts for these tests");
  return { mine: ids[0] as string, theirs: ids[1] as string };
};
const PENDING = "aftermath_lookup_pending";

/** A link opened with these cookies, as a browser reached from `site` (Sec-Fetch-Site; undefined: not sent). */
function open(link: string, cookie: string, site: string | undefined): Promise<Response> {
  return fetch(link, { redirect: "manual", headers: { "x-forwarded-for": newClient(), accept: "text/html", cookie, ...(site ? { "sec-fetch-site": site } : {}) } });
}

const nameValue = (setCookie: string) => setCookie.split(";")[0] ?? "";
const cookieNamed = (response: Response, name: string) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

/** The account ending the lookup API shows for this cookie, or its status when it shows none. */
async function accountOf(cookie: string): Promise<string | number> {
  const response = await fetch(lookupURL(SLUG), { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": newClient(), cookie }, body: "{}" });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { proof: { accountEnding: string } }).proof.accountEnding;
}

function choose(choice: "switch" | "keep", cookie: string): Promise<Response> {
  return fetch(new URL(`${LOOKUP}/link`, baseURL), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClient(), cookie, origin: new URL(baseURL).origin, "sec-fetch-site": "same-origin" },
    body: `choice=${choice}`,
  });
}

async function pageText(cookie: string): Promise<{ html: string; text: string }> {
  const html = await (await fetch(new URL(LOOKUP, baseURL), { headers: { "x-forwarded-for": newClient(), cookie } })).text();
  return { html, text: visibleText(html) };
}

describe("a link opened while a lookup session is open", () => {
  it.each([["cross-site"], ["same-site"], [undefined]])("from Sec-Fetch-Site %s does not replace the session: the page asks, and keeping keeps it", async (site) => {
    const { mine, theirs } = twoAccounts();
    const session = await sessionCookieOf((await linksFor(SLUG, [mine]))[0] ?? "");
    const [link = ""] = await linksFor(SLUG, [theirs]);
    const opened = await open(link, session, site);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(LOOKUP);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    expect(cookieNamed(opened, "aftermath_lookup")).toBeUndefined();
    const pending = cookieNamed(opened, PENDING) ?? "";
    expect(pending).toMatch(new RegExp(`^${PENDING}=[\\w.-]+; Path=/; Max-Age=600; HttpOnly; SameSite=Lax$`));
    expect(await accountOf(session)).toBe(mine.slice(-4));

    const both = `${session}; ${nameValue(pending)}`;
    const { html, text } = await pageText(both);
    expect(text).toContain(`Showing account ending …${mine.slice(-4)}`);
    expect(text).toMatch(new RegExp(`link you opened is for the account ending …${theirs.slice(-4)}, not the account ending …${mine.slice(-4)}`));
    expect(html).not.toContain(tokenOf(link).split(".")[2]);

    const kept = await choose("keep", both);
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe(LOOKUP);
    expect(cookieNamed(kept, PENDING)).toMatch(new RegExp(`^${PENDING}=; Path=/; Max-Age=0`));
    expect(cookieNamed(kept, "aftermath_lookup")).toBeUndefined();
    expect(await accountOf(session)).toBe(mine.slice(-4));
    expect((await pageText(session)).text).not.toContain(theirs.slice(-4));
  });

  it("switches to the link's account when the visitor confirms it on the page", async () => {
    const { mine, theirs } = twoAccounts();
    const session = await sessionCookieOf((await linksFor(SLUG, [mine]))[0] ?? "");
    const [link = ""] = await linksFor(SLUG, [theirs]);
    const pending = nameValue(cookieNamed(await open(link, session, "cross-site"), PENDING) ?? "");
    const switched = await choose("switch", `${session}; ${pending}`);
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe(LOOKUP);
    expect(cookieNamed(switched, PENDING)).toMatch(/Max-Age=0/);
    expect(await accountOf(nameValue(cookieNamed(switched, "aftermath_lookup") ?? ""))).toBe(theirs.slice(-4));
    // Nothing is waiting any more: a second confirmation opens nothing.
    const again = await choose("switch", session);
    expect(again.headers.get("location")).toBe(`${LOOKUP}?link=gone`);
    expect(cookieNamed(again, "aftermath_lookup")).toBeUndefined();
    expect(fs.readFileSync(fileServer().serverLogPath, "utf8")).not.toContain(tokenOf(link).split(".")[2]);
  });

  it.each([["same-origin"], ["none"]])("from Sec-Fetch-Site %s (the visitor's own doing) replaces it", async (site) => {
    const { mine, theirs } = twoAccounts();
    const session = await sessionCookieOf((await linksFor(SLUG, [mine]))[0] ?? "");
    const opened = await open((await linksFor(SLUG, [theirs]))[0] ?? "", session, site);
    expect(opened.headers.get("location")).toBe(LOOKUP);
    expect(cookieNamed(opened, PENDING)).toBeUndefined();
    expect(await accountOf(nameValue(cookieNamed(opened, "aftermath_lookup") ?? ""))).toBe(theirs.slice(-4));
  });
});

describe("a link opened with no lookup session open", () => {
  it("is exchanged from another site too (webmail)", async () => {
    const { theirs } = twoAccounts();
    const opened = await open((await linksFor(SLUG, [theirs]))[0] ?? "", "", "cross-site");
    expect(opened.headers.get("location")).toBe(LOOKUP);
    expect(cookieNamed(opened, PENDING)).toBeUndefined();
    expect(await accountOf(nameValue(cookieNamed(opened, "aftermath_lookup") ?? ""))).toBe(theirs.slice(-4));
  });

  it("is exchanged from another site when the session sent has ended at sign-out", async () => {
    const { mine, theirs } = twoAccounts();
    const ended = await sessionCookieOf((await linksFor(SLUG, [mine]))[0] ?? "");
    expect((await signOut(SLUG, ended)).status).toBe(303);
    const opened = await open((await linksFor(SLUG, [theirs]))[0] ?? "", ended, "cross-site");
    expect(cookieNamed(opened, PENDING)).toBeUndefined();
    expect(await accountOf(nameValue(cookieNamed(opened, "aftermath_lookup") ?? ""))).toBe(theirs.slice(-4));
  });
});

describe("the confirmation", () => {
  it("takes a choice it knows only, as a form post from this site", async () => {
    const refused = await fetch(new URL(`${LOOKUP}/link`, baseURL), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClient(), origin: new URL(baseURL).origin },
      body: "choice=both",
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    const cross = await fetch(new URL(`${LOOKUP}/link`, baseURL), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newClient(), origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
      body: "choice=switch",
    });
    expect(cross.status).toBe(403);
  });
});
