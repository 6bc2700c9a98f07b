import { type Problem } from "./problem";
import { wordsIn } from "@/domain/say-in";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";

export type JsonBody = { ok: true; value: unknown } | { ok: false; problem: Problem };

function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

/**
 * Reads a JSON body of at most `maxBytes`: a larger body is refused whole (413), never cut to fit.
 * The length is counted as the bytes arrive, so a missing or false Content-Length does not matter.
 */
export async function readJsonBody(request: Request, maxBytes: number, locale: Locale = DEFAULT_LOCALE): Promise<JsonBody> {
  if (!isJson(request.headers.get("content-type"))) return notJson(locale);
  const tooLarge = () => fail(413, "Content Too Large", api(locale, "tooLarge", { max: maxBytes }));
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return tooLarge();
      }
      chunks.push(value);
    }
  }
  return parseJsonBytes(Buffer.concat(chunks), locale);
}

/** A sentence of problems.api in the request's language. */
const api = (locale: Locale, key: string, values?: Record<string, string | number>) => wordsIn(locale)(`problems.api.${key}`, values);
const notJson = (locale: Locale) => fail(415, "Unsupported Media Type", api(locale, "notJson"));

/**
 * A body the server's edge read itself (its size limited as it streamed, http/edge/body-limit), by
 * the same rules: JSON by Content-Type, UTF-8, and no "__proto__" key.
 */
export function parseJsonBody(contentType: string | null, bytes: Buffer, locale: Locale = DEFAULT_LOCALE): JsonBody {
  return isJson(contentType) ? parseJsonBytes(bytes, locale) : notJson(locale);
}

/** Fatal: a body that is not UTF-8 is refused, not decoded with replacement characters. Stateless for whole inputs. */
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

function parseJsonBytes(bytes: Buffer, locale: Locale): JsonBody {
  const text = UTF8;
  let source: string;
  try {
    source = text.decode(bytes);
  } catch {
    return fail(400, "Bad Request", api(locale, "notUtf8"));
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return fail(400, "Bad Request", api(locale, "badJson", { why: (error as Error).message }));
  }
  // A key is "__proto__" only if the text says so, plainly or with an escape in it.
  const polluting = source.includes("__proto__") || source.includes("\\u") ? protoKeys(value) : [];
  if (polluting.length) {
    return fail(400, "Bad Request", api(locale, "proto", { where: polluting.join(", ") }), {
      errors: polluting.map((field) => ({ field, message: api(locale, "protoField") })),
    });
  }
  return { ok: true, value };
}

type Step = { value: unknown; key: string; parent: Step | null };
const MAX_REPORTED = 10;
const MAX_PATH = 200;

/**
 * Where the parsed body has an own "__proto__" key (as "item.__proto__"). JSON.parse keeps it as a
 * key, but the first copy into a new object by assignment (zod's passthrough did) turns it into that
 * object's prototype, and the key, so no schema ever sees it. Iterative: a body may nest deeply.
 */
function protoKeys(root: unknown): string[] {
  const found: string[] = [];
  const stack: Step[] = [{ value: root, key: "", parent: null }];
  for (let step = stack.pop(); step && found.length < MAX_REPORTED; step = stack.pop()) {
    const { value } = step;
    if (typeof value !== "object" || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const next = { value: child, key, parent: step };
      if (key === "__proto__") found.push(pathOf(next));
      stack.push(next);
    }
  }
  return found;
}

/** "item.__proto__"; a very deep one shortened at the front, so a refusal stays small. */
function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  const path = keys.reverse().join(".");
  return path.length > MAX_PATH ? `…${path.slice(-MAX_PATH)}` : path;
}

function fail(status: number, title: string, detail: string, extra: Pick<Problem, "errors"> = {}): JsonBody {
  return { ok: false, problem: { status, title, detail, ...extra } };
}
