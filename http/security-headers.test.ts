import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import {
  API_POLICY,
  EXPORT_POLICY,
  STRICT_TRANSPORT_SECURITY,
  pagePolicy,
  securityHeaderRules,
  serializePolicy,
} from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name ?? "", sources];
    }),
  );
}

describe("serializePolicy", () => {
  it("writes each directive with its sources, separated by semicolons", () => {
    expect(serializePolicy({ "default-src": ["'none'"], "img-src": ["'self'", "data:"] })).toBe("default-src 'none'; img-src 'self' data:");
  });
});

describe("pagePolicy", () => {
  it("in production allows our own script files and nothing inline: the server adds each page's hashes", () => {
    const policy = directives(pagePolicy());
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
  });

  it("allows stylesheets from the site and neither a <style> element nor a style attribute", () => {
    const policy = directives(pagePolicy());
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("style-src-attr")).toEqual(["'none'"]);
    expect(policy.has("style-src-elem")).toBe(false);
  });

  it("relaxes scripts and styles only for `next dev`, which serves no hashes", () => {
    const dev = directives(pagePolicy({ dev: true }));
    expect(dev.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(dev.get("style-src")).toContain("'unsafe-inline'");
    expect(dev.get("frame-ancestors")).toEqual(["'none'"]);
    expect(pagePolicy()).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});

describe("EXPORT_POLICY and API_POLICY", () => {
  it("let the exported page load its inline styles and data: images and nothing else", () => {
    const policy = directives(EXPORT_POLICY);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.has("script-src")).toBe(false);
    expect(policy.get("style-src")).toEqual(["'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["data:"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("let API answers load nothing", () => {
    const policy = directives(API_POLICY);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.has("script-src")).toBe(false);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("securityHeaderRules", () => {
  const rules = securityHeaderRules();
  const value = (rule: (typeof rules)[number] | undefined, key: string) => rule?.headers.find((h) => h.key.toLowerCase() === key)?.value;

  it("puts every header on every path first, then the narrower policies, which override it", () => {
    expect(rules[0]?.source).toBe("/:path*");
    expect(value(rules[0], "content-security-policy")).toBe(pagePolicy());
    expect(value(rules[0], "x-content-type-options")).toBe("nosniff");
    expect(value(rules[0], "referrer-policy")).toBe("same-origin");
    expect(value(rules[0], "x-frame-options")).toBe("DENY");
    expect(value(rules[0], "cross-origin-opener-policy")).toBe("same-origin");
    expect(value(rules[0], "permissions-policy")).toMatch(/^camera=\(\)/);
    // The exports are the server's own answers (http/edge/serve.ts), which send EXPORT_POLICY themselves.
    expect(rules.slice(1).map((r) => [r.source, value(r, "content-security-policy")])).toEqual([["/api/:path*", API_POLICY]]);
  });

  it("never sends HSTS from the config: only the server knows whether a request came over HTTPS", () => {
    expect(rules.flatMap((r) => r.headers).some((h) => h.key.toLowerCase() === "strict-transport-security")).toBe(false);
  });

  it("is what next.config.ts sends", async () => {
    expect(await nextConfig.headers?.()).toEqual(securityHeaderRules({ dev: process.env.NODE_ENV === "development" }));
  });
});

describe("STRICT_TRANSPORT_SECURITY", () => {
  it("is two years with subdomains, and the server sends this value, not a copy of it", () => {
    expect(STRICT_TRANSPORT_SECURITY).toBe("max-age=63072000; includeSubDomains");
    const server = readFileSync(new URL("./edge/writer.ts", import.meta.url), "utf8");
    expect(server).toContain('"strict-transport-security": STRICT_TRANSPORT_SECURITY');
    expect(server).not.toContain("max-age=");
  });
});
