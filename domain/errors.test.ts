import { describe, expect, it } from "vitest";
import { DomainError, domainErrorIn } from "./errors";
import type * as ErrorsModule from "./errors";

const isErrorsModule = (m: unknown): m is typeof ErrorsModule => typeof m === "object" && m !== null && "DomainError" in m && typeof m.DomainError === "function";

describe("DomainError across copies of its module", () => {
  it("is recognised when another copy of the module threw it (the server's store inside Next's bundle)", async () => {
    // A query string makes Vite load the module again: a second class, as a bundle holds.
    const other: unknown = await import(/* @vite-ignore */ `./errors?${"another-copy"}`);
    if (!isErrorsModule(other)) throw new Error("the second copy of the module did not load");
    expect(other.DomainError).not.toBe(DomainError);
    const thrown = new other.DomainError("unavailable", { key: "problems.generic.unavailable" });
    expect(thrown instanceof DomainError).toBe(true);
    const wrapped = new Error("Failed query: select 1", { cause: thrown });
    expect(domainErrorIn(wrapped)).toBe(thrown);
    expect(domainErrorIn(wrapped)?.said).toEqual({ key: "problems.generic.unavailable", values: {} });
  });

  it("is not any other error, nor an object that only looks like one", () => {
    expect(new Error("x") instanceof DomainError).toBe(false);
    expect({ code: "unavailable", name: "DomainError" } instanceof DomainError).toBe(false);
    expect(domainErrorIn(new TypeError("x"))).toBeNull();
  });
});
