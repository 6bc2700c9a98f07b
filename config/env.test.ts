import path from "node:path";
import { describe, expect, it } from "vitest";
import { databasePath, readEnv } from "./env";
import { lookupSecret } from "./secret";

describe("DATABASE_URL", () => {
  it("is a SQLite file by default, by a path or by file:", () => {
    expect(readEnv({}).DATABASE_URL).toEqual({ engine: "sqlite", file: path.resolve("data/aftermath.db") });
    expect(readEnv({ DATABASE_URL: "/srv/a.db" }).DATABASE_URL).toEqual({ engine: "sqlite", file: "/srv/a.db" });
    expect(readEnv({ DATABASE_URL: "file:rel/b.db" }).DATABASE_URL).toEqual({ engine: "sqlite", file: path.resolve("rel/b.db") });
  });

  it("is PostgreSQL by its scheme", () => {
    for (const url of ["postgres://u:p@db.internal:5432/aftermath", "postgresql://db/aftermath"]) {
      expect(readEnv({ DATABASE_URL: url }).DATABASE_URL).toEqual({ engine: "postgres", url });
    }
  });

  it("refuses another scheme, an empty file: and the old DATABASE_PATH, saying what to write", () => {
    expect(() => readEnv({ DATABASE_URL: "mysql://db/aftermath" })).toThrow(/DATABASE_URL must be a SQLite file's path .* or postgres:\/\//);
    expect(() => readEnv({ DATABASE_URL: "file:" })).toThrow(/DATABASE_URL must be/);
    expect(() => readEnv({ DATABASE_PATH: "./data/aftermath.db" })).toThrow(/DATABASE_PATH is now DATABASE_URL/);
  });

  it("gives a SQLite file to the commands that need one, and says so on PostgreSQL", () => {
    expect(databasePath(readEnv({ DATABASE_URL: "/srv/a.db" }))).toBe("/srv/a.db");
    expect(() => databasePath(readEnv({ DATABASE_URL: "postgres://db/aftermath" }))).toThrow(/PostgreSQL database, and this works on a SQLite file only/);
  });

  it("wants LOOKUP_SECRET on PostgreSQL, where a key file of one machine's would differ on the next", () => {
    expect(() => lookupSecret(readEnv({ DATABASE_URL: "postgres://db/aftermath" }))).toThrow(/set LOOKUP_SECRET .* the same on every server/);
    expect(lookupSecret(readEnv({ DATABASE_URL: "postgres://db/aftermath", LOOKUP_SECRET: "k".repeat(32) }))).toBe("k".repeat(32));
  });
});
