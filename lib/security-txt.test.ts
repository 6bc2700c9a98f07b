import { describe, expect, it } from "vitest";
import { defaultExpiry, securityTxt } from "./security-txt";

describe("security.txt", () => {
  it("says each contact, the expiry as an RFC 3339 instant, the canonical address and the languages, one field a line", () => {
    const text = securityTxt({ contacts: ["mailto:security@example.com", "https://example.com/report"], expires: new Date("2027-05-31T00:00:00.000Z"), canonical: "https://status.example.com/.well-known/security.txt", languages: ["en", "ru"] });
    expect(text).toBe(
      "Contact: mailto:security@example.com\nContact: https://example.com/report\nExpires: 2027-05-31T00:00:00Z\nCanonical: https://status.example.com/.well-known/security.txt\nPreferred-Languages: en, ru\n",
    );
  });

  it("expires by default 180 days from the day's start: under a year, and the same all day", () => {
    const morning = Date.parse("2026-12-02T06:00:00Z");
    expect(defaultExpiry(morning).toISOString()).toBe("2027-05-31T00:00:00.000Z");
    expect(defaultExpiry(morning + 17 * 3600_000)).toEqual(defaultExpiry(morning));
  });
});
