import { describe, expect, it } from "vitest";
import { requestOrigin } from "./origin";

describe("the origin a request names", () => {
  it("is its Host with its scheme, as URL writes an origin", () => {
    expect(requestOrigin("Status.Example.COM", "https")).toBe("https://status.example.com");
    expect(requestOrigin("127.0.0.1:3000", "http")).toBe("http://127.0.0.1:3000");
    expect(requestOrigin("example.org:443", "https")).toBe("https://example.org");
    expect(requestOrigin("[::1]:8080", "http")).toBe("http://[::1]:8080");
  });

  it("is none for a Host that is not an authority alone", () => {
    for (const host of [undefined, "", "evil.example/x", "user@example.org", "example.org:99999", "example.org:", "a b", "example.org#x", "[::1"]) {
      expect([host, requestOrigin(host, "http")]).toEqual([host, null]);
    }
  });
});
