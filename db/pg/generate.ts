import { SQL, is } from "drizzle-orm";
import { type AnySQLiteColumn, SQLiteColumn, SQLiteSyncDialect, SQLiteTable, getTableConfig } from "drizzle-orm/sqlite-core";
import * as schema from "../schema";
import { COLLECTIONS } from "@/domain/record/collections";

// PostgreSQL's schema is written from SQLite's, never by hand: one definition of every table, its
// columns, keys, indexes and checks (db/schema, domain/record/collections), and this turns it into
// db/pg/schema/, a file per table. db/pg/schema.test.ts fails when those files are not what this writes now.

const dialect = new SQLiteSyncDialect();
const NOW_SQLITE = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
// The same instant, written the same way (UTC, milliseconds, Z), so both engines store one text.
const NOW_PG = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
// A column named with its table ("event"."at") is SQLite's rendering; PostgreSQL's checks and partial indexes name it alone.
const sqlText = (value: SQL) => dialect.sqlToQuery(value).sql.replace(/\bifnull\(/g, "coalesce(").replace(/"[a-z_]+"\.(?=")/g, "");

/** Every table of the app, SQLite's definitions, each after the tables it refers to (then by name). */
export function sqliteTables(): SQLiteTable[] {
  const all: unknown[] = [...Object.values(schema), ...Object.values(COLLECTIONS).map((c) => c.table)];
  const byName = new Map(all.filter((t): t is SQLiteTable => is(t, SQLiteTable)).map((t) => [getTableConfig(t).name, t]));
  const ordered: SQLiteTable[] = [];
  const visit = (name: string) => {
    const table = byName.get(name);
    if (!table || ordered.includes(table)) return;
    for (const f of getTableConfig(table).foreignKeys) {
      const to = getTableConfig(f.reference().foreignTable).name;
      if (to !== name) visit(to);
    }
    ordered.push(table);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

/** A column's key in its table's TypeScript object, which queries use: the same in both schemas. */
function keyOf(table: SQLiteTable, col: AnySQLiteColumn): string {
  const found = Object.entries(table).find(([, v]) => v === col && is(v, SQLiteColumn));
  if (!found) throw new Error(`no key for ${col.name}`);
  return found[0];
}

function defaultOf(col: AnySQLiteColumn): string {
  const value: unknown = col.default;
  if (value === undefined) return "";
  if (is(value, SQL)) {
    const text = sqlText(value);
    if (text !== NOW_SQLITE) throw new Error(`${col.name}: no PostgreSQL default for ${text}`);
    return `.default(sql\`${NOW_PG}\`)`;
  }
  return `.default(${JSON.stringify(typeof value === "boolean" ? Number(value) : value)})`;
}

function columnOf(table: SQLiteTable, col: AnySQLiteColumn, foreign: Set<string>): string {
  const name = JSON.stringify(col.name);
  const auto = col.primary && col.columnType === "SQLiteInteger";
  let made: string;
  if (auto) made = `integer(${name}).primaryKey().generatedByDefaultAsIdentity()`;
  else if (col.columnType === "SQLiteInteger") made = foreign.has(col.name) ? `integer(${name})` : `bigint(${name}, { mode: "number" })`;
  // 0 and 1 in both engines, so one SQL text compares and writes them alike.
  else if (col.columnType === "SQLiteBoolean") made = `integer(${name})`;
  else if (col.columnType === "SQLiteReal") made = `doublePrecision(${name})`;
  else if (col.columnType === "SQLiteText") made = `text(${name})`;
  else throw new Error(`${col.name}: no PostgreSQL type for ${col.columnType}`);
  if (col.notNull && !auto) made += ".notNull()";
  if (col.primary && !auto) made += ".primaryKey()";
  return `    ${keyOf(table, col)}: ${made}${defaultOf(col)},`;
}

function tableSource(table: SQLiteTable): string {
  const c = getTableConfig(table);
  const foreign = new Set(c.foreignKeys.flatMap((f) => f.reference().columns.map((col) => col.name)));
  const columns = c.columns.map((col) => columnOf(table, col, foreign));
  const key = (col: AnySQLiteColumn) => `t.${keyOf(table, col)}`;
  const extras: string[] = [];
  for (const f of c.foreignKeys) {
    const r = f.reference();
    const onDelete = f.onDelete && f.onDelete !== "no action" ? `.onDelete(${JSON.stringify(f.onDelete)})` : "";
    extras.push(`foreignKey({ columns: [${r.columns.map(key).join(", ")}], foreignColumns: [${r.foreignColumns.map((x) => (r.foreignTable === table ? key(x) : `${camel(getTableConfig(r.foreignTable).name)}.${keyOf(r.foreignTable, x)}`)).join(", ")}] })${onDelete}`);
  }
  for (const pk of c.primaryKeys) extras.push(`primaryKey({ name: ${JSON.stringify(pk.getName())}, columns: [${pk.columns.map(key).join(", ")}] })`);
  for (const i of c.indexes) {
    const on = i.config.columns.map((x) => (is(x, SQL) ? `sql\`${sqlText(x)}\`` : key(x as AnySQLiteColumn))).join(", ");
    const where = i.config.where ? `.where(sql\`${sqlText(i.config.where)}\`)` : "";
    extras.push(`${i.config.unique ? "uniqueIndex" : "index"}(${JSON.stringify(i.config.name)}).on(${on})${where}`);
  }
  for (const ch of c.checks) extras.push(`check(${JSON.stringify(ch.name)}, sql\`${sqlText(ch.value).replace(/\s+/g, " ")}\`)`);
  const tail = extras.length ? `,\n  (t) => [\n    ${extras.join(",\n    ")},\n  ]` : "";
  return `export const ${camel(c.name)} = pgTable(\n  ${JSON.stringify(c.name)},\n  {\n${columns.join("\n")}\n  }${tail},\n);\n`;
}

const PG_CORE = ["bigint", "check", "doublePrecision", "foreignKey", "index", "integer", "pgTable", "primaryKey", "text", "uniqueIndex"];
const fileOf = (table: string) => `${table.replaceAll("_", "-")}.ts`;

/** One table's file: what it uses of drizzle, the tables its keys refer to, then the table. */
function tableFile(table: SQLiteTable): string {
  const body = tableSource(table);
  const name = getTableConfig(table).name;
  const core = PG_CORE.filter((fn) => new RegExp(`(?<![.\\w])${fn}\\(`).test(body));
  const refers = [...new Set(getTableConfig(table).foreignKeys.map((f) => getTableConfig(f.reference().foreignTable).name))].filter((to) => to !== name).sort();
  return [
    "// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.",
    ...(/\bsql`/.test(body) ? ['import { sql } from "drizzle-orm";'] : []),
    `import { ${core.join(", ")} } from "drizzle-orm/pg-core";`,
    ...refers.map((to) => `import { ${camel(to)} } from "./${fileOf(to).replace(/\.ts$/, "")}";`),
    "",
    body,
  ].join("\n");
}

/** db/pg/schema/ as it must read now: a file per table, and index.ts, which names them all. */
export function pgSchemaFiles(): Record<string, string> {
  const tables = sqliteTables();
  const files = Object.fromEntries(tables.map((t) => [fileOf(getTableConfig(t).name), tableFile(t)]));
  const index = tables.map((t) => `export * from "./${fileOf(getTableConfig(t).name).replace(/\.ts$/, "")}";`);
  return { ...files, "index.ts": ["// Written by db/pg/generate.ts from SQLite's tables (npm run db:generate); do not edit.", ...index, ""].join("\n") };
}
