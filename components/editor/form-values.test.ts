import { describe, expect, it } from "vitest";
import { versionFromForm } from "./form-values";

const form = (version: string) => {
  const f = new FormData();
  f.set("version", version);
  return f;
};

describe("versionFromForm", () => {
  it("reads a version only in its one decimal spelling", () => {
    expect(versionFromForm(form("12"))).toBe(12);
    for (const odd of ["0x10", "1e3", "010", "+1", "1.0", "0", ""]) expect(versionFromForm(form(odd)), odd).toBeNaN();
  });
});
