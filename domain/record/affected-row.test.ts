import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSeedIncident } from "@/db/seed/read";
import { affectedRowJsonSchema, affectedRowOf, columnsOf } from "./affected-row";
import { type AffectedShape, affectedShapeSchema } from "./affected-shape";

const glm = readSeedIncident("glm-5-3-kv-cache-exposure").record.affectedShape;
if (!glm) throw new Error("GLM-5.3 ships its list's shape");

/** A list of another shape: subscribers known by email, no request ids or measures, three kinds of data, a day each. */
const subscribers: AffectedShape = affectedShapeSchema.parse({
  unit: { one: "subscriber", many: "subscribers" },
  account: { name: "the email address of your subscription", form: { kind: "email" }, example: "you@example.com", caseSensitive: false },
  requestIds: null,
  roles: [{ key: "shown", label: "your details may have been shown to another subscriber", meaning: "Another subscriber's page may have shown these details of yours." }],
  measures: [],
  dataClasses: [
    { key: "name", label: "your name", meaning: "First and last name." },
    { key: "email", label: "your email address", meaning: "The address of the subscription." },
    { key: "card-last-four", label: "the last four digits of your card", meaning: "Only the last four digits." },
  ],
  time: "day",
});

/** A field's value, and whether the row schema must take it. */
const piece = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid.map((v) => ({ v: v as unknown, ok: true })), weight: 4 }, { arbitrary: invalid.map((v) => ({ v, ok: false })), weight: 1 });
const row = fc.record({
  account_id: piece(fc.stringMatching(/^[0-9a-fA-F]{32}$/), fc.constantFrom("", "0".repeat(31), "g".repeat(32), "0".repeat(33))),
  request_id: piece(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,20}$/), fc.constantFrom("", "-x", "a b", "x".repeat(129))),
  occurred_at: piece(fc.date({ min: new Date("2026-01-01"), max: new Date("2027-01-01"), noInvalidDate: true }).map((d) => d.toISOString()), fc.constantFrom("2026-09-01", "2026-09-01T12:00:00", "soon")),
  prompt_tokens: piece(fc.oneof(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 100_000_000 }).map(String)), fc.constantFrom(0, 1.5, "1e3", true, 100_000_001)),
  role: piece(fc.constantFrom("recipient", "exposed"), fc.constantFrom("Recipient", "", "other")),
});

describe("a row of an affected list, made from its incident's shape", () => {
  it("for GLM-5.3's shape takes a row exactly when every field is valid and none is missing or unknown, and reads its values", () => {
    fc.assert(
      fc.property(row, fc.option(fc.constantFrom("extra", "prompt_tokens"), { nil: undefined }), (r, drop) => {
        const input: Record<string, unknown> = Object.fromEntries(Object.entries(r).map(([k, p]) => [k, p.v]));
        if (drop === "extra") input.extra = "x";
        if (drop === "prompt_tokens") delete input.prompt_tokens;
        const parsed = affectedRowOf(glm).safeParse(input);
        expect(parsed.success).toBe(Object.values(r).every((p) => p.ok) && drop === undefined);
        if (parsed.success) {
          expect(parsed.data).toEqual({
            account_id: String(r.account_id.v).toLowerCase(),
            request_id: r.request_id.v,
            occurred_at: r.occurred_at.v,
            role: r.role.v,
            data_classes: [],
            measures: { prompt_tokens: Number(r.prompt_tokens.v) },
          });
        }
      }),
      { numRuns: 400 },
    );
  });

  it("for GLM-5.3's shape has the CSV columns it has always had", () => {
    expect(columnsOf(glm)).toEqual(["account_id", "request_id", "occurred_at", "prompt_tokens", "role"]);
  });

  it("for another shape takes its own columns only: an email id, a day, the data classes it names", () => {
    const take = affectedRowOf(subscribers);
    expect(columnsOf(subscribers)).toEqual(["account_id", "occurred_at", "role", "data_classes"]);
    expect(take.parse({ account_id: " You@Example.com ", occurred_at: "2023-03-20", role: "shown", data_classes: "name; card-last-four" })).toEqual({
      account_id: "you@example.com",
      request_id: null,
      occurred_at: "2023-03-20",
      role: "shown",
      data_classes: ["name", "card-last-four"],
      measures: {},
    });
    expect(take.parse({ account_id: "a@b.io", occurred_at: "2023-03-20", role: "shown", data_classes: ["email"] }).data_classes).toEqual(["email"]);
    for (const bad of [
      { account_id: "not an email", occurred_at: "2023-03-20", role: "shown", data_classes: "" },
      { account_id: "a@b.io", occurred_at: "2023-03-20T08:00:00Z", role: "shown", data_classes: "" },
      { account_id: "a@b.io", occurred_at: "2023-03-20", role: "shown", data_classes: "name;passport" },
      { account_id: "a@b.io", occurred_at: "2023-03-20", role: "shown", data_classes: "name;name" },
      { account_id: "a@b.io", request_id: "r-1", occurred_at: "2023-03-20", role: "shown", data_classes: "" },
    ]) {
      expect(take.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(take.safeParse({ account_id: "x", occurred_at: "2023-03-20", role: "shown", data_classes: "" }).error?.issues[0]?.message).toBe(
      "the email address of your subscription is an email address, like you@example.com",
    );
  });

  it("is described by a JSON Schema of one row with its own columns, each required", () => {
    const schema = affectedRowJsonSchema(subscribers);
    expect(schema).toMatchObject({ type: "object", additionalProperties: false, required: ["account_id", "occurred_at", "role", "data_classes"] });
    expect(Object.keys(schema.properties as object)).toEqual(columnsOf(subscribers));
    expect(Object.keys(affectedRowJsonSchema(glm).properties as object)).toEqual(["account_id", "request_id", "occurred_at", "prompt_tokens", "role"]);
  });
});

describe("an affected list's shape", () => {
  it("is refused when its example is not of its own form, or a key is used twice", () => {
    const base = { ...subscribers };
    expect(affectedShapeSchema.safeParse({ ...base, account: { ...base.account, example: "nope" } }).error?.issues[0]?.message).toBe("the example is not an email address");
    expect(affectedShapeSchema.safeParse({ ...base, roles: [...base.roles, ...base.roles] }).error?.issues[0]?.message).toBe('two roles have the key "shown"');
    expect(affectedShapeSchema.safeParse({ ...base, measures: [{ key: "role", name: "x", unit: "y", max: 5 }] }).success).toBe(false);
  });
});
