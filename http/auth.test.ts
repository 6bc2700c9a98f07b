import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hasRole, safeNextPath, sessionCookie, signInPath } from "./auth";
import { PLAIN_SESSION_COOKIE, SECURE_SESSION_COOKIE, userFromCookieHeader } from "./session-cookie";
import { user } from "@/db/schema";
import { createSession } from "@/db/sessions";
import { ENGINES, testStores } from "@/tests/support/stores";

describe("safeNextPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    for (const p of ["/", "/editor", "/editor/incidents/glm-5-3?tab=events#e3", "/incidents/x/lookup", "/a%2F%2Fb"]) {
      expect(safeNextPath(p), p).toBe(p);
    }
    expect(safeNextPath("/editor/../editor/x")).toBe("/editor/x");
  });

  it("sends everything else to the fallback: other sites, schemes, tricks and sign-in itself", () => {
    const bad = [
      undefined,
      null,
      ["/editor"],
      "",
      "editor",
      "https://evil.example/",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/.//evil.example",
      "/\r\nSet-Cookie:x=1",
      "/\t/evil.example",
      "/ /evil.example",
      "javascript:alert(1)",
      "/signin?next=/editor",
      "/signout",
      `/${"a".repeat(3000)}`,
    ];
    for (const value of bad) expect(safeNextPath(value), JSON.stringify(value)).toBe("/editor");
    expect(safeNextPath("https://evil.example/", "/")).toBe("/");
  });

  it("builds the sign-in address with next only when it is safe", () => {
    expect(signInPath("/editor/incidents/x?y=1")).toBe("/signin?next=%2Feditor%2Fincidents%2Fx%3Fy%3D1");
    expect(signInPath("//evil.example")).toBe("/signin");
  });
});

describe("sessionCookie", () => {
  it("is __Host-, Secure, Path=/ over HTTPS; plain-named without Secure over HTTP; HttpOnly and Lax both ways", () => {
    expect(sessionCookie(true)).toEqual({
      name: SECURE_SESSION_COOKIE,
      options: { httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 12 * 3600 },
    });
    expect(SECURE_SESSION_COOKIE.startsWith("__Host-")).toBe(true);
    expect(sessionCookie(false)).toEqual({
      name: PLAIN_SESSION_COOKIE,
      options: { httpOnly: true, sameSite: "lax", secure: false, path: "/", maxAge: 12 * 3600 },
    });
  });
});

describe("isSecureRequest", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
  const proto = (value: string) => new Headers({ "x-forwarded-proto": value });

  it("believes X-Forwarded-Proto only behind a trusted proxy, and only its last entry", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    const { isSecureRequest } = await import("@/config/request");
    expect(isSecureRequest(proto("https"))).toBe(true);
    expect(isSecureRequest(proto("http, https"))).toBe(true);
    expect(isSecureRequest(proto("https, http"))).toBe(false);
    expect(isSecureRequest(new Headers())).toBe(false);
  });

  it("ignores it without one", async () => {
    vi.stubEnv("TRUST_PROXY", "0");
    const { isSecureRequest } = await import("@/config/request");
    expect(isSecureRequest(proto("https"))).toBe(false);
  });
});

const kit = testStores("auth", { seed: false });

describe.each(ENGINES)("userFromCookieHeader on %s", (engine) => {
  let rawId: string;
  const now = Date.now();
  const store = () => kit.store(engine);

  beforeAll(async () => {
    const u = await store().q.insert(user).values({ email: "ed@example.com", passwordHash: "x", role: "editor" }).returning().get();
    rawId = await createSession(store(), u.id, now);
  });

  it("finds the user of either cookie name among others, and no one without a valid one", async () => {
    const ed = { id: 1, email: "ed@example.com", role: "editor" };
    expect(await userFromCookieHeader(store(), `theme=dark; ${PLAIN_SESSION_COOKIE}=${rawId}; x=1`, now)).toEqual(ed);
    expect(await userFromCookieHeader(store(), `${SECURE_SESSION_COOKIE}=${rawId}`, now)).toEqual(ed);
    expect(await userFromCookieHeader(store(), `${PLAIN_SESSION_COOKIE}=${"A".repeat(43)}`, now)).toBeNull();
    expect(await userFromCookieHeader(store(), `x${PLAIN_SESSION_COOKIE}=${rawId}`, now)).toBeNull();
    expect(await userFromCookieHeader(store(), null, now)).toBeNull();
    expect(await userFromCookieHeader(store(), "", now)).toBeNull();
  });

  it("reads only the name the request's scheme uses when told the scheme", async () => {
    expect(await userFromCookieHeader(store(), `${PLAIN_SESSION_COOKIE}=${rawId}`, now, true)).toBeNull();
    expect(await userFromCookieHeader(store(), `${SECURE_SESSION_COOKIE}=${rawId}`, now, false)).toBeNull();
    expect(await userFromCookieHeader(store(), `${SECURE_SESSION_COOKIE}=${rawId}`, now, true)).not.toBeNull();
  });

  it("lets admins do what editors may, not the reverse", () => {
    expect(hasRole({ id: 1, email: "a@x.org", role: "admin" }, "editor")).toBe(true);
    expect(hasRole({ id: 1, email: "a@x.org", role: "editor" }, "admin")).toBe(false);
  });
});
