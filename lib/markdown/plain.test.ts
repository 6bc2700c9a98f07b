import { describe, expect, it } from "vitest";
import { prosePlain } from "./plain";

describe("prosePlain", () => {
  it("keeps the text and drops the markup, on one line", () => {
    expect(prosePlain("**Bold** [link](https://example.org/) `<code>`\n\n- a\n- b")).toBe("Bold link <code> a; b");
    expect(prosePlain(`<img src=x onerror=alert(1)> & [x](javascript:alert(1))`)).toBe("<img src=x onerror=alert(1)> & [x](javascript:alert(1))");
  });
});
