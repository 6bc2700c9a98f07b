import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { admit } from "./gate";

/** A GET of `target` as Node's parser hands it to the edge. */
function get(target: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  Object.assign(req, { method: "GET", url: target, httpVersionMajor: 1, httpVersionMinor: 1, httpVersion: "1.1" });
  req.headers = { host: "site.example" };
  req.rawHeaders = ["Host", "site.example"];
  return req;
}

/** The path the router and the cache see, and the target Next is handed. */
function seen(target: string): { path: string; url: string } | null {
  const req = get(target);
  const decision = admit(req, { dev: false });
  return "admitted" in decision ? { path: decision.admitted.path, url: req.url ?? "" } : null;
}

const UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, "0");

// A segment as a sequence of pieces, each written raw where it may be or always encoded: unreserved
// characters, sub-delimiters (which RFC 3986 does not allow to be decoded), and encoded bytes.
const piece = fc.oneof(
  fc.constantFrom(...UNRESERVED.split("")).map((c) => ({ raw: c, unreserved: true })),
  fc.constantFrom(..."!$&'()*+,;=:@".split("")).map((c) => ({ raw: c, unreserved: false })),
  fc.constantFrom("%2F", "%3F", "%23", "%25", "%20", "%C3%A9", "%E2%82%AC", "%2f", "%c3%a9").map((c) => ({ raw: c, unreserved: false })),
);
// No segment of only dots: those are resolved away before normalization, as a browser does.
const segment = fc.array(piece, { minLength: 1, maxLength: 8 }).filter((p) => !/^\.+$/.test(p.map((x) => x.raw).join("")));
const path = fc.array(segment, { minLength: 1, maxLength: 4 });

/** One spelling of the path: each unreserved character written raw or percent-encoded, each hex digit in either case. */
const spelling = (segments: Array<Array<{ raw: string; unreserved: boolean }>>) =>
  fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 40, maxLength: 40 }).map((coins) => {
    let i = 0;
    const flip = () => coins[i++ % coins.length] ?? [false, false];
    const spell = ({ raw, unreserved }: { raw: string; unreserved: boolean }) => {
      const [encode, upper] = flip();
      const written = unreserved && encode ? `%${hex(raw)}` : raw;
      return written.replace(/%[0-9a-fA-F]{2}/g, (e) => (upper ? e.toUpperCase() : e.toLowerCase()));
    };
    return `/${segments.map((s) => s.map(spell).join("")).join("/")}`;
  });

describe("the gate's path normalization (RFC 3986 §6.2.2)", () => {
  it("gives every spelling of a path the same path and target, and the canonical spelling is its own", () => {
    fc.assert(
      fc.property(
        path.chain((segments) => fc.tuple(spelling(segments), spelling(segments))),
        ([a, b]) => {
          const first = seen(a);
          const second = seen(b);
          expect(first).not.toBeNull();
          expect(second).toEqual(first);
          expect(seen(first?.path ?? "")).toEqual(first);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("decodes unreserved characters, upper-cases the hex of the rest, and keeps the query as sent", () => {
    expect(seen("/incidents/%67lm-5-3-kv-cache-exposure")).toEqual({ path: "/incidents/glm-5-3-kv-cache-exposure", url: "/incidents/glm-5-3-kv-cache-exposure" });
    expect(seen("/incidents/%7e%2d%2E%5F?q=%7e")).toEqual({ path: "/incidents/~-._", url: "/incidents/~-._?q=%7e" });
    expect(seen("/incidents/a%2fb%c3%a9")?.path).toBe("/incidents/a%2Fb%C3%A9");
    expect(seen("/incidents/a%2Bb")?.path).toBe("/incidents/a%2Bb");
  });

  it("means the same path once decoded", () => {
    fc.assert(
      fc.property(path.chain(spelling), (target) => {
        const decoded = (p: string) => p.split("/").map((s) => decodeURIComponent(s));
        expect(decoded(seen(target)?.path ?? "")).toEqual(decoded(new URL(`http://x${target}`).pathname));
      }),
    );
  });
});

describe("the gate's path for a plain target", () => {
  // The same as URL's parser gives, which the gate skips for a target it would give back unchanged.
  const parsed = (target: string) => {
    const url = new URL(`http://edge.invalid${target}`);
    return { path: url.pathname, url: `${url.pathname}${url.search}` };
  };
  // Under /api an unknown address is refused, so no path is admitted there to compare.
  const plainish = fc
    .stringMatching(/^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]{0,30}$/)
    .filter((t) => !/%/.test(t.split("?")[0] ?? "") && !parsed(t).path.startsWith("/api"));

  it("is what URL's parser would make of it", () => {
    fc.assert(
      fc.property(plainish, (target) => {
        expect(seen(target)).toEqual(parsed(target));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the gate's language prefix", () => {
  it("admits /ru/ as the Russian front page, its route and path the same as /ru's", () => {
    const route = (target: string) => {
      const decision = admit(get(target), { dev: false });
      return "admitted" in decision ? [decision.admitted.locale, decision.admitted.path, decision.admitted.route?.spec.kind ?? null] : null;
    };
    expect(route("/ru/?q=x")).toEqual(route("/ru?q=x"));
    expect(route("/ru/?q=x")).toEqual(["ru", "/", "page"]);
  });
});
