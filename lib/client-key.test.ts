import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNPARSEABLE_CLIENT, clientKey } from "./client-key";

describe("clientKey", () => {
  it("counts an IPv4 client by its address, mapped into IPv6 or not", () => {
    for (const text of ["127.0.0.1", "::ffff:127.0.0.1", "::FFFF:7f00:1", "0:0:0:0:0:ffff:7f00:0001", "[::ffff:127.0.0.1]:8080", "127.0.0.1:443"]) {
      expect(clientKey(text), text).toBe("127.0.0.1");
    }
    expect(clientKey(" 203.0.113.9 ")).toBe("203.0.113.9");
  });

  it("counts an IPv6 client by its /64, whatever its textual form", () => {
    for (const text of ["2001:db8:1:2::1", "2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002:0000:0000:0000:0001", "fe80::1%eth0", "[2001:db8:1:2::9]:443", "2001:db8:1:2::1.2.3.4"]) {
      expect(clientKey(text), text).toBe(text.startsWith("fe80") ? "fe80::/64" : "2001:db8:1:2::/64");
    }
    expect(clientKey("2001:db8::1")).toBe("2001:db8::/64");
    expect(clientKey("2001:0:0:1::")).toBe("2001:0:0:1::/64");
  });

  it("keeps ::1 and 127.0.0.1 apart, each a normal client", () => {
    expect(clientKey("::1")).toBe("::/64");
    expect(clientKey("127.0.0.1")).toBe("127.0.0.1");
  });

  it("puts whatever is not an IP address in one shared bucket", () => {
    for (const text of ["", "unknown", "evil-1", "evil-2", "1.2.3", "1.2.3.256", "01.2.3.4", "1.2.3.4.5", "1::2::3", "12345::", "::ffff:1.2.3", "1.2.3.4%eth0", "0x7f.0.0.1", "[1.2.3.4]x"]) {
      expect(clientKey(text), JSON.stringify(text)).toBe(UNPARSEABLE_CLIENT);
    }
  });
});

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join("."));
const group = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
const groups = fc.array(group, { minLength: 8, maxLength: 8 });

/** One of the many ways RFC 4291 lets the same eight groups be written. */
const spelling = (g: number[]) =>
  fc
    .record({
      pad: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
      upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      squeeze: fc.nat(),
      v4Tail: fc.boolean(),
      zone: fc.option(fc.constantFrom("eth0", "1", "en0")),
      brackets: fc.option(fc.constantFrom("", ":443")),
    })
    .map(({ pad, upper, squeeze, v4Tail, zone, brackets }) => {
      const hex = g.map((n, i) => {
        const h = n.toString(16).padStart(Math.min(4, n.toString(16).length + (pad[i] ?? 0)), "0");
        return upper[i] ? h.toUpperCase() : h;
      });
      const [, , , , , , high = 0, low = 0] = g;
      const parts = v4Tail ? [...hex.slice(0, 6), `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`] : hex;
      // Any run of zero groups (not the IPv4 tail) may be written "::".
      const runs: Array<[number, number]> = [];
      for (let i = 0; i < (v4Tail ? 6 : 8); i++) for (let j = i; j < (v4Tail ? 6 : 8) && g[j] === 0; j++) runs.push([i, j + 1]);
      const run = runs.length ? runs[squeeze % (runs.length + 1)] : undefined;
      let text = run ? `${parts.slice(0, run[0]).join(":")}::${parts.slice(run[1]).join(":")}` : parts.join(":");
      if (zone !== null) text += `%${zone}`;
      return brackets === null ? text : `[${text}]${brackets}`;
    });

const isMapped = (g: number[]) => g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff;
/** The WHATWG URL parser's canonical IPv6 text (RFC 5952), an oracle written by others. */
const canonical = (g: number[]) => new URL(`http://[${g.map((n) => n.toString(16)).join(":")}]`).hostname.slice(1, -1);

describe("clientKey, for every address", () => {
  it("gives every IPv4 address and its IPv4-mapped forms the same key: the address", () => {
    fc.assert(
      fc.property(ipv4, fc.boolean(), (v4, hex) => {
        const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
        const mapped = hex ? `::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}` : `::ffff:${v4}`;
        expect(clientKey(v4)).toBe(v4);
        expect(clientKey(mapped)).toBe(v4);
      }),
    );
  });

  it("gives any two spellings of addresses in the same /64 the same key, and other /64s other keys", () => {
    const pair = groups
      .filter((g) => !isMapped(g))
      // The host half too: ::ffff:0:0/96 lies in the first /64 and is an IPv4 client by design.
      .chain((g) => fc.tuple(fc.constant(g), fc.array(group, { minLength: 4, maxLength: 4 }).filter((h) => !isMapped([...g.slice(0, 4), ...h])), groups.filter((h) => !isMapped(h))));
    fc.assert(
      fc.property(
        pair.chain(([g, host, other]) => fc.tuple(fc.constant(g), fc.constant(other), spelling(g), spelling([...g.slice(0, 4), ...host]), spelling(other))),
        ([g, other, a, b, c]) => {
          const key = `${canonical([...g.slice(0, 4), 0, 0, 0, 0])}/64`;
          expect(clientKey(a), a).toBe(key);
          expect(clientKey(b), b).toBe(key);
          const samePrefix = g.slice(0, 4).every((n, i) => n === other[i]);
          expect(clientKey(c) === key, c).toBe(samePrefix);
        },
      ),
    );
  });

  it("turns any text into an IPv4 address, a /64 or the one shared bucket, never into a key of its own", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF:.%[]") })), (text) => {
        const key = clientKey(text);
        expect(key).toMatch(/^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-f:]+\/64$|^unparseable$/);
        if (key !== UNPARSEABLE_CLIENT) expect(clientKey(key.replace(/\/64$/, ""))).toBe(key);
      }),
    );
  });
});
