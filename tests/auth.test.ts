import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, inject, it } from "vitest";
import { visibleText } from "./support/html";
import { submitForm } from "./support/forms";
import { newClient } from "./support/lookup";
import { runScript } from "./support/export-run";
import { startOwnServer } from "./support/own-server";
import { freePort } from "./support/process";
import { logWhen, serverLog } from "./support/server-log";
import { fileServer } from "./support/file-server";
import { commandArgs } from "../scripts/server-command";

const baseURL = fileServer().baseURL;
const WRONG = "Email or password is wrong.";
const LIMITED = /Too many sign-in attempts; try again in \d+ seconds?\./;
const NEXT = "/incidents/glm-5-3-kv-cache-exposure";

let emails = 0;
/** An address no other test (or earlier run against a reused build) has used. */
function newEmail(): string {
  emails += 1;
  return `auth-${process.pid}-${emails}-${randomBytes(3).toString("hex")}@example.com`;
}

function userAdd(args: string[], stdin: string, databasePath = fileServer().databasePath) {
  return spawnSync(process.execPath, [...commandArgs("user-add"), ...args], {
    encoding: "utf8",
    input: stdin,
    env: { ...process.env, DATABASE_URL: databasePath, LOOKUP_SECRET: inject("lookupSecret"), NODE_ENV: "production" },
  });
}

async function newUser(role: "editor" | "admin" = "editor", databasePath = fileServer().databasePath): Promise<{ email: string; password: string }> {
  const email = newEmail();
  const password = `pw ${randomBytes(12).toString("base64url")}`;
  const run = userAdd(["--email", email, "--role", role], `${password}\n`, databasePath);
  expect(run.status, run.stderr).toBe(0);
  return { email, password };
}

function signIn(email: string, password: string, options: Parameters<typeof submitForm>[2] & { next?: string } = {}) {
  const next = options.next ?? NEXT;
  return submitForm(`/signin?next=${encodeURIComponent(next)}`, { email, password }, options);
}

/** The alert the sign-in form shows, or null. */
function alertText(html: string): string | null {
  const m = /<p id="signin-error"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return m ? visibleText(m[1] ?? "") : null;
}

const sessionCookies = (setCookies: string[]) => setCookies.filter((c) => /^(__Host-)?aftermath_session=/.test(c));
const cookiePair = (setCookie: string) => setCookie.split(";")[0] ?? "";

/** Whether the cookie signs anyone in: /signout shows who, or sends a stranger to /signin. */
async function signedInAs(cookie: string, headers: Record<string, string> = {}): Promise<string | null> {
  const response = await fetch(new URL("/signout", baseURL), { headers: { cookie, "x-forwarded-for": newClient(), ...headers }, redirect: "manual" });
  if (response.status !== 200) {
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location") ?? "", baseURL).pathname).toBe("/signin");
    return null;
  }
  return /Signed in as (\S+)\. /.exec(visibleText(await response.text()))?.[1] ?? null;
}

describe("user:add", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aftermath-auth-e2e-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("finds no account on a fresh database, and the server knows no default credentials", async () => {
    const fresh = path.join(tmp, "fresh.db");
    runScript("prepare-db", [], fresh, inject("lookupSecret"));
    const db = new Database(fresh, { readonly: true });
    try {
      expect(db.prepare("SELECT count(*) AS n FROM user").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
    for (const [email, password] of [
      ["admin@example.com", "admin"],
      ["admin@localhost", "password"],
      ["admin@example.com", "changeme12345"],
    ] as const) {
      const { response, html, setCookies } = await signIn(email, password);
      expect(response.status).toBe(200);
      expect(alertText(html)).toBe(WRONG);
      expect(sessionCookies(setCookies)).toEqual([]);
    }
  });

  it("creates a user from a password on stdin, stored as scrypt N=2^17 without the password, never printed", async () => {
    const email = newEmail();
    const password = "stdin password 1234";
    const run = userAdd(["--email", email.toUpperCase(), "--role", "admin"], `${password}\nignored second line\n`);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`created admin ${email}`);
    expect(`${run.stdout}${run.stderr}`).not.toContain(password);
    const db = new Database(fileServer().databasePath, { readonly: true });
    try {
      const row = db.prepare("SELECT email, role, password_hash AS hash FROM user WHERE email = ?").get(email) as { role: string; hash: string };
      expect(row.role).toBe("admin");
      expect(row.hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
      expect(row.hash).not.toContain(password);
    } finally {
      db.close();
    }
    const { response } = await signIn(email, password);
    expect(response.status).toBe(303);
  });

  it("refuses a taken email (exit 2, saying what to do), a short password and a bad role, changing nothing", () => {
    const email = newEmail();
    expect(userAdd(["--email", email, "--role", "editor"], "first password 123\n").status).toBe(0);
    const again = userAdd(["--email", email, "--role", "admin"], "second password 123\n");
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`already a user with the email ${email}`);
    expect(again.stderr).toMatch(/Choose another email|delete it first/);
    const short = userAdd(["--email", newEmail(), "--role", "editor"], "too short\n");
    expect(short.status).toBe(2);
    expect(short.stderr).toContain("at least 12 characters");
    expect(short.stderr).not.toContain("too short");
    expect(userAdd(["--email", newEmail(), "--role", "owner"], "long enough password\n").status).toBe(2);
    expect(userAdd(["--email", "not-an-email", "--role", "editor"], "long enough password\n").status).toBe(2);
    expect(userAdd(["--email", newEmail(), "--role", "editor"], "").status).toBe(2);
  });
});

describe("signing in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie (no Secure over HTTP) and goes to next", async () => {
    const { email, password } = await newUser();
    const { response, setCookies } = await signIn(email, password);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(NEXT);
    const [cookie, ...others] = sessionCookies(setCookies);
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^aftermath_session=[A-Za-z0-9_-]{43};/);
    const attributes = (cookie ?? "").toLowerCase();
    expect(attributes).toContain("; httponly");
    expect(attributes).toContain("; samesite=lax");
    expect(attributes).toContain("; path=/");
    expect(attributes).toContain("; max-age=43200");
    expect(attributes).not.toContain("; secure");
    expect(attributes).not.toContain("domain=");
    expect(await signedInAs(cookiePair(cookie ?? ""))).toBe(email);
  });

  it("behind an HTTPS proxy, names it __Host- with Secure and Path=/ and no Domain, and reads only that name", async () => {
    const { email, password } = await newUser();
    const https = { "x-forwarded-proto": "https" };
    const { response, setCookies } = await signIn(email, password, { headers: https });
    expect(response.status).toBe(303);
    const [cookie] = sessionCookies(setCookies);
    expect(cookie).toMatch(/^__Host-aftermath_session=[A-Za-z0-9_-]{43};/);
    const attributes = (cookie ?? "").toLowerCase();
    for (const a of ["; secure", "; httponly", "; samesite=lax", "; path=/"]) expect(attributes).toContain(a);
    expect(attributes).not.toContain("domain=");
    const rawId = cookiePair(cookie ?? "").split("=")[1] ?? "";
    expect(await signedInAs(`__Host-aftermath_session=${rawId}`, https)).toBe(email);
    // Over HTTPS a plain-named cookie (one a sibling host or a network attacker could plant) counts for nothing.
    expect(await signedInAs(`aftermath_session=${rawId}`, https)).toBeNull();
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const { email } = await newUser();
    const unknown = newEmail();
    const wrong = await signIn(email, "not the password at all");
    const none = await signIn(unknown, "not the password at all");
    expect(wrong.response.status).toBe(200);
    expect(none.response.status).toBe(200);
    expect(alertText(wrong.html)).toBe(WRONG);
    expect(alertText(none.html)).toBe(WRONG);
    // The form gives back the email its visitor typed, which tells them nothing they did not know;
    // with it set aside (and the script hashes and length it changes) the answers are the same.
    expect(wrong.html).toContain(email);
    expect(none.html).toContain(unknown);
    const unnonced = (s: string) => s.replace(/nonce-[A-Za-z0-9+/=_-]+/g, "nonce-N").replace(/nonce="[^"]*"/g, 'nonce="N"').replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-H'");
    const headers = (r: Response) => [...r.headers].filter(([name]) => !["date", "x-request-id", "content-length"].includes(name)).map(([n, v]) => [n, unnonced(v)]);
    expect(headers(none.response)).toEqual(headers(wrong.response));
    expect(sessionCookies(wrong.setCookies)).toEqual([]);
    expect(unnonced(none.html.replaceAll(unknown, "EMAIL"))).toBe(unnonced(wrong.html.replaceAll(email, "EMAIL")));
  });

  it("sends next only to paths on this site", async () => {
    const { email, password } = await newUser();
    for (const next of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const { response } = await submitForm(`/signin?next=${encodeURIComponent(next)}`, { email, password, next });
      expect(response.status).toBe(303);
      expect(response.headers.get("location"), next).toBe("/editor");
    }
  });

  it("refuses a sign-in posted from another site", async () => {
    const { email, password } = await newUser();
    const { response, setCookies } = await signIn(email, password, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(sessionCookies(setCookies)).toEqual([]);
  });
});

/** A throttled sign-in: 429 with Retry-After, the form's message, no session. */
function expectThrottled(post: Awaited<ReturnType<typeof signIn>>): void {
  expect(post.response.status).toBe(429);
  expect(Number(post.response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(alertText(post.html)).toMatch(LIMITED);
  expect(sessionCookies(post.setCookies)).toEqual([]);
}

const deviceCookie = (setCookies: string[]) => cookiePair(setCookies.find((c) => /^(__Host-)?aftermath_device=/.test(c)) ?? "");

describe("sign-in rate limits", () => {
  it("limits attempts per client address, whatever the emails, and logs it without the password", async () => {
    // A server of its own that gives a client two tries a minute: a try comes back every 30 s, not
    // every 6 s, so however long a loaded machine takes to hash two guesses the third is refused.
    const own = await startOwnServer(await freePort(), { SIGNIN_RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: "1" });
    try {
      const at = { baseURL: own.baseURL };
      const client = newClient();
      const { email, password } = await newUser("editor", own.databasePath);
      for (const i of [1, 2]) expect(alertText((await signIn(newEmail(), `guess number ${i} here`, { client, ...at })).html), `attempt ${i}`).toBe(WRONG);
      expectThrottled(await signIn(email, password, { client, ...at }));
      expect((await signIn(email, password, at)).response.status).toBe(303);
      const line = `{"event":"signin_rate_limited","scope":"client","client":"${client}","email":null}`;
      const log = await logWhen(own.output, (l) => l.includes(line));
      expect(log).toContain(line);
      expect(log).not.toContain(password);
    } finally {
      await own.stop();
    }
  });

  it("limits one client's guesses at one email without locking that email out for other clients", async () => {
    const { email, password } = await newUser();
    const guesser = newClient();
    for (let i = 0; i < 5; i++) expect(alertText((await signIn(email, `wrong password ${i}`, { client: guesser })).html), `guess ${i + 1}`).toBe(WRONG);
    expectThrottled(await signIn(email, password, { client: guesser }));
    expect((await signIn(email, password)).response.status).toBe(303);
  });

  it("slows guesses at an email from many clients, known or unknown, logging a keyed hash, not the email", async () => {
    const { email, password } = await newUser();
    const unknown = newEmail();
    for (const target of [email, unknown]) {
      for (let i = 0; i < 10; i++) expect(alertText((await signIn(target, "wrong password 123")).html), `${target} ${i + 1}`).toBe(WRONG);
      expectThrottled(await signIn(target, password));
    }
    const limited = (log: string) => log.split("\n").filter((l) => l.includes('"scope":"account"') && l.includes("signin_rate_limited"));
    const log = await serverLog((l) => limited(l).length >= 2);
    const lines = limited(log);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ email: expect.stringMatching(/^[0-9a-f]{12}$/) });
    for (const secret of [email, unknown, password]) expect(log).not.toContain(secret);
  });

  it("lets the owner in from a browser in good standing while strangers' guesses hold the email throttled", async () => {
    const { email, password } = await newUser();
    const first = await signIn(email, password);
    expect(first.response.status).toBe(303);
    const device = deviceCookie(first.setCookies);
    expect(device).toMatch(/^aftermath_device=[\w-]+\.[\w-]+$/);
    for (let i = 0; i < 9; i++) await signIn(email, `stranger guess ${i}`);
    expectThrottled(await signIn(email, password));
    // The owner's browser, from an address it never used, with the token of its earlier sign-in.
    const owner = await signIn(email, password, { headers: { cookie: device } });
    expect(owner.response.status).toBe(303);
    expect(sessionCookies(owner.setCookies)).toHaveLength(1);
    // A token for another email, or a forged one, is no standing at all.
    const other = await newUser();
    expectThrottled(await signIn(email, password, { headers: { cookie: deviceCookie((await signIn(other.email, other.password)).setCookies) } }));
    expectThrottled(await signIn(email, password, { headers: { cookie: `${device.slice(0, -2)}xx` } }));
  });
});

describe("signing out", () => {
  it("is a POST that ends the session on the server: the old cookie no longer works", async () => {
    const { email, password } = await newUser();
    const { setCookies } = await signIn(email, password);
    const cookie = cookiePair(sessionCookies(setCookies)[0] ?? "");
    // Visiting /signout (a GET) signs no one out.
    expect(await signedInAs(cookie)).toBe(email);
    expect(await signedInAs(cookie)).toBe(email);
    const out = await submitForm("/signout", {}, { headers: { cookie } });
    expect(out.response.status).toBe(303);
    expect(out.response.headers.get("location")).toBe("/signin");
    const [cleared] = sessionCookies(out.setCookies);
    expect(cleared).toMatch(/^aftermath_session=;/);
    expect(cleared?.toLowerCase()).toMatch(/max-age=0|expires=thu, 01 jan 1970/);
    expect(await signedInAs(cookie)).toBeNull();
    const db = new Database(fileServer().databasePath, { readonly: true });
    try {
      const row = db.prepare("SELECT count(*) AS n FROM session JOIN user ON user.id = session.user_id WHERE email = ?").get(email);
      expect(row).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it("sends a visitor who is not signed in to /signin", async () => {
    expect(await signedInAs("")).toBeNull();
    expect(await signedInAs(`aftermath_session=${randomBytes(32).toString("base64url")}`)).toBeNull();
  });
});
