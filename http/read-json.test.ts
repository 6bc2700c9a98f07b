import { describe, expect, it } from "vitest";
import { readJsonBody } from "./read-json";

const post = (body: string) => new Request("http://localhost/", { method: "POST", headers: { "content-type": "application/json" }, body });

describe("readJsonBody", () => {
  it("refuses an own __proto__ key at any depth, naming each place", async () => {
    const read = await readJsonBody(post('{"__proto__": {"x": 1}, "item": {"a": [1, {"__proto__": null}]}, "version": 1}'), 1024);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problem.status).toBe(400);
    expect(read.problem.errors?.map((e) => e.field).sort()).toEqual(["__proto__", "item.a.1.__proto__"]);
    expect(read.problem.detail).toContain("item.a.1.__proto__");
  });

  it("refuses it spelled with escapes, which JSON.parse reads as the same key", async () => {
    const read = await readJsonBody(post('{"item": {"\\u005f\\u005fproto__": {"x": 1}}, "version": 1}'), 1024);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem.errors?.map((e) => e.field)).toEqual(["item.__proto__"]);
  });

  it("takes other keys and values, a string '__proto__' and a key 'constructor' included", async () => {
    const read = await readJsonBody(post('{"constructor": 1, "note": "__proto__", "list": ["__proto__"]}'), 1024);
    expect(read).toEqual({ ok: true, value: { constructor: 1, note: "__proto__", list: ["__proto__"] } });
  });

  it("walks a deeply nested body without overflowing the stack", async () => {
    const depth = 100_000;
    const read = await readJsonBody(post(`${"[".repeat(depth)}{"__proto__": 1}${"]".repeat(depth)}`), 1024 * 1024);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem.errors?.[0]?.field).toMatch(/^…\.?(0\.)+__proto__$/);
  });
});
