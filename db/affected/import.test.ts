import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { DomainError } from "@/domain/errors";
import { tenantKey } from "@/lib/tenant-key";
import { type FixtureRow, fixtureRows, writeFixtureCsv } from "@/tests/support/affected-fixture";
import { SECRET, SLUG, SEEDED, HEADER, type Workspace, addIncident, byRequestId, cli, csv, dump, json, reported, run, workspaces } from "@/tests/support/import-kit";
import { ENGINES } from "@/tests/support/stores";
import type { ImportProgress } from "@/domain/affected-list/read-rows";

const workspace = workspaces();

describe.each(ENGINES)("on %s", (engine) => {
  let ws: Workspace;
  // A PostgreSQL workspace is made from a template the first one builds; files run side by side.
  beforeEach(async () => {
    ws = await workspace(engine);
  }, 60_000);

  describe("importing an affected list", { timeout: 60_000 }, () => {
    it("gives the same table from a CSV (BOM, CRLF, quoted fields) and from JSON", async () => {
      const rows = [...fixtureRows({ rows: 40, seed: 7, accounts: 9 })];
      // Quoted fields, one with a doubled quote around spaces and a line break (trimmed by the schema).
      let text = csv(rows, { eol: "\r\n" });
      const first = rows[0] as FixtureRow;
      text = text.replace(`${first.account_id},${first.request_id},`, `" \r\n${first.account_id}  ","${first.request_id}",`);
      const csvFile = ws.file("list.csv", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
      const other = await workspace(engine);
      const jsonFile = other.file("list.json", json(rows));

      const fromCsv = await run(ws, { file: csvFile });
      const fromJson = await run(other, { file: jsonFile });
      expect(fromCsv).toMatchObject({ format: "csv", rowsRead: 40, added: 40, alreadyPresent: 0, removed: null });
      expect(fromJson).toMatchObject({ format: "json", rowsRead: 40, added: 40, alreadyPresent: 0 });

      const imported = await dump(ws, SLUG);
      expect(imported).toHaveLength(40);
      expect(imported).toEqual(await dump(other, SLUG));
      byRequestId(rows).forEach((r, i) => {
        expect(imported[i]).toMatchObject({
          tenant_key: tenantKey(SECRET, r.account_id.toLowerCase()),
          request_id: r.request_id,
          occurred_at: new Date(r.occurred_at).toISOString(),
          prompt_tokens: Number(r.prompt_tokens),
          role: r.role,
        });
      });
      // The fixture writes offsets (+02:00 …) and upper-case ids: both normalised.
      expect(rows.some((r) => r.occurred_at.endsWith("+02:00"))).toBe(true);
      expect(imported.every((r) => r.occurred_at.endsWith("Z"))).toBe(true);
    });

    it("adds nothing when the same file is imported again, and counts duplicates within a file", async () => {
      const rows = [...fixtureRows({ rows: 30, seed: 2 })];
      const dupe = { ...(rows[3] as FixtureRow) };
      dupe.account_id = dupe.account_id.toUpperCase(); // the same account
      const file = ws.file("list.csv", csv([...rows, dupe]));

      expect(await run(ws, { file })).toMatchObject({ rowsRead: 31, added: 30, alreadyPresent: 1 });
      const after = await dump(ws);
      expect(await run(ws, { file })).toMatchObject({ rowsRead: 31, added: 0, alreadyPresent: 31 });
      expect(await dump(ws)).toEqual(after);

      const again = await cli(ws, ["--incident", SLUG, "--file", file]);
      expect(again.code).toBe(0);
      expect(reported(again.stdout, "added")).toBe(0);
      expect(reported(again.stdout, "already present")).toBe(31);
      expect(reported(again.stdout, "rows read")).toBe(31);
    });

    it("chooses JSON by content when the file has no known extension", async () => {
      const file = ws.file("list.txt", "  \n" + json(fixtureRows({ rows: 3 })));
      expect(await run(ws, { file })).toMatchObject({ format: "json", added: 3 });
    });

    it("reports progress up to the whole file", async () => {
      const file = path.join(ws.dir, "big.csv");
      const { bytes } = await writeFixtureCsv(file, { rows: 5_000 });
      const seen: ImportProgress[] = [];
      await run(ws, { file, onProgress: (p) => seen.push(p) });
      expect(seen.length).toBeGreaterThan(3);
      expect(seen.at(-1)).toEqual({ bytesRead: bytes, totalBytes: bytes, rows: 5_000 });
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.bytesRead).toBeGreaterThanOrEqual(seen[i - 1]!.bytesRead);
    });

    it("imports nothing from an empty file or array, and says so, even with --replace", async () => {
      const before = await dump(ws);
      for (const [name, content] of [
        ["empty.csv", ""],
        ["blank.csv", "\ufeff \n\n"],
        ["header.csv", HEADER + "\n"],
        ["empty.json", "[ ]"],
      ] as const) {
        const file = ws.file(name, content);
        expect(await run(ws, { file, replace: true }), name).toMatchObject({ empty: true, rowsRead: 0, added: 0, removed: 0 });
        const out = await cli(ws, ["--incident", SLUG, "--file", file, "--replace"]);
        expect(out.code, name).toBe(0);
        expect(out.stdout).toMatch(/holds no rows: nothing imported into list-test/);
      }
      expect(await dump(ws)).toEqual(before);
    });
  });

  describe("all or nothing", { timeout: 60_000 }, () => {
    const badLastRows: Array<[string, Partial<FixtureRow>, string]> = [
      ["prompt_tokens 0", { prompt_tokens: "0" }, "field prompt_tokens: prompt_tokens must be at least 1"],
      ["role admin", { role: "admin" }, "field role: role must be one of: recipient, exposed"],
      [
        "a time without a zone",
        { occurred_at: "2026-09-01T12:00:00" },
        "field occurred_at: occurred_at must be ISO 8601 with a zone, e.g. 2026-09-01T12:00:00Z",
      ],
    ];

    it.each(badLastRows)("a bad last row (%s) leaves the table as it was and exits 1", async (_name, lastRow, message) => {
      const file = path.join(ws.dir, "list.csv");
      await writeFixtureCsv(file, { rows: 2_000, lastRow });
      const before = await dump(ws);
      const out = await cli(ws, ["--incident", SLUG, "--file", file]);
      expect(out.code).toBe(1);
      // Header is line 1: the 2,000th row is on line 2,001.
      expect(out.stderr).toContain(`line 2001, ${message}`);
      expect(out.stderr).toContain("Nothing was imported: ");
      expect(out.stdout).toBe("");
      expect(await dump(ws)).toEqual(before);
    });

    it("counts physical lines: blank lines and line breaks inside quoted fields", async () => {
      const rows = [...fixtureRows({ rows: 3 })];
      const [a, b, c] = rows as [FixtureRow, FixtureRow, FixtureRow];
      const text = [
        HEADER,
        `"\n${a.account_id}\n",${a.request_id},${a.occurred_at},${a.prompt_tokens},${a.role}`, // lines 2-4
        "", // line 5
        `${b.account_id},${b.request_id},${b.occurred_at},${b.prompt_tokens},${b.role}`, // line 6
        `${c.account_id},${c.request_id},${c.occurred_at},-3,${c.role}`, // line 7
      ].join("\n");
      const file = ws.file("list.csv", text);
      const error = await run(ws, { file }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as Error).message).toBe("Nothing was imported: line 7, field prompt_tokens: prompt_tokens must be a whole number.");
    });

    it("refuses a wrong or missing header, naming what it expects", async () => {
      const before = await dump(ws);
      const rows = [...fixtureRows({ rows: 2 })];
      const cases: Array<[string, string]> = [
        [csv(rows).replace("prompt_tokens", "tokens"), "column 4 should be prompt_tokens"],
        [csv(rows).replace(HEADER + "\n", ""), "column 1 should be account_id"],
        [csv(rows).replace(",role\n", "\n"), "found 4 columns"],
      ];
      for (const [text, why] of cases) {
        const file = ws.file("list.csv", text);
        await expect(run(ws, { file })).rejects.toThrow(
          `line 1: the header must be exactly account_id,request_id,occurred_at,prompt_tokens,role (${why})`,
        );
      }
      expect(await dump(ws)).toEqual(before);
    });

    it("refuses rows of the wrong width and broken quoting, with the line", async () => {
      const [a, b] = [...fixtureRows({ rows: 2 })] as [FixtureRow, FixtureRow];
      const good = `${a.account_id},${a.request_id},${a.occurred_at},${a.prompt_tokens},${a.role}`;
      const cases: Array<[string, string]> = [
        [`${HEADER}\n${good}\n${b.account_id},${b.request_id}\n`, "line 3: expected 5 fields, found 2"],
        [`${HEADER}\n${good}\n${b.account_id}x"y,${b.request_id},${b.occurred_at},1,exposed\n`, "line 3: a quote inside an unquoted field in column 1"],
        [`${HEADER}\n${good}\n"${b.account_id},${b.request_id},${b.occurred_at},1,exposed\n`, "a quoted field is never closed"],
      ];
      for (const [text, message] of cases) {
        const file = ws.file("list.csv", text);
        const error = await run(ws, { file }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DomainError);
        expect((error as Error).message).toContain(message);
        // csv-parse would quote the field here; the import must not.
        expect((error as Error).message.toLowerCase()).not.toContain(b.account_id.toLowerCase());
      }
      expect(await dump(ws)).toHaveLength(SEEDED);
    });

    it("refuses malformed JSON and bad JSON rows, naming the line and the array index", async () => {
      const before = await dump(ws);
      const rows = [...fixtureRows({ rows: 5 })];
      const good = json(rows);
      const cases: Array<[string, string]> = [
        [good.replace(/,\n(?=[^\n]*\n\]\n$)/, "\n"), "line 6: not valid JSON"], // a missing comma before the last row
        [good.replace(/\n\]\n$/, "\n"), "at the end of the file: not valid JSON"],
        [good.replace('"role":"exposed"', '"role":"admin"').replace('"role":"recipient"', '"role":"admin"'), "field role: role must be one of"],
        [good.replace(/\n\]\n$/, ',\n{"account_id": 5}\n]\n'), "array index 5 (line 7), field account_id:"],
        [good.replace(/\n\]\n$/, ",\n42\n]\n"), "array index 5 (line 7), Invalid input: expected object"],
        ['{"rows": []}', "a JSON file must hold one array of rows"],
      ];
      for (const [text, message] of cases) {
        const file = ws.file("list.json", text);
        await expect(run(ws, { file }), message).rejects.toThrow(message);
      }
      expect(await dump(ws)).toEqual(before);
    });
  });

  describe("--replace", { timeout: 60_000 }, () => {
    it("swaps the incident's list and leaves other incidents alone", async () => {
      await addIncident(ws, "second-incident");
      await run(ws, { incidentSlug: "second-incident", file: ws.file("other.csv", csv(fixtureRows({ rows: 12, seed: 9 }))) });
      const others = await dump(ws, "second-incident");
      expect(others).toHaveLength(12);
      await run(ws, { file: ws.file("first.csv", csv(fixtureRows({ rows: 7, seed: 3 }))) });

      const rows = [...fixtureRows({ rows: 20, seed: 4 })];
      const file = ws.file("list.csv", csv(rows));
      const out = await cli(ws, ["--incident", SLUG, "--file", file, "--replace"]);
      expect(out.code).toBe(0);
      expect(out.stdout).toContain("removed first (--replace): 7");
      expect(reported(out.stdout, "added")).toBe(20);

      const list = await dump(ws, SLUG);
      expect(list.map((r) => r.request_id)).toEqual(byRequestId(rows).map((r) => r.request_id));
      expect(await dump(ws, "second-incident")).toEqual(others);
    });

    it("leaves the old list intact when the file has a bad row", async () => {
      const before = await dump(ws);
      const file = path.join(ws.dir, "list.csv");
      await writeFixtureCsv(file, { rows: 500, lastRow: { role: "admin" } });
      const out = await cli(ws, ["--incident", SLUG, "--file", file, "--replace"]);
      expect(out.code).toBe(1);
      expect(out.stderr).toContain("line 501, field role:");
      expect(await dump(ws)).toEqual(before);
    });
  });
});
