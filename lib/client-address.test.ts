import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./client-address";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("uses the socket address the server sets and ignores X-Forwarded-For unless a proxy is trusted", () => {
    const h = headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(h, false)).toBe("203.0.113.9");
  });

  it("behind a trusted proxy takes the entry the proxy added: the last, which a client cannot forge", () => {
    const h = headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.7" });
    expect(clientAddress(h, true)).toBe("198.51.100.7");
    expect(clientAddress(headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.2" }), true)).toBe("10.0.0.2");
  });

  it("counts by the client's key: IPv4-mapped as IPv4, IPv6 by /64, a malformed entry in one shared bucket", () => {
    expect(clientAddress(headers({ [CLIENT_ADDRESS_HEADER]: "::ffff:127.0.0.1" }), false)).toBe("127.0.0.1");
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 2001:DB8:1:2::7" }), true)).toBe("2001:db8:1:2::/64");
    expect(clientAddress(headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "not-an-ip-42" }), true)).toBe("unparseable");
  });

  it("puts every request without a known address in one shared bucket", () => {
    expect(clientAddress(headers({}), false)).toBe("unknown");
  });
});
