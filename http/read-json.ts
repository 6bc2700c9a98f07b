import { type Problem } from "./problem";

export type JsonBody = { ok: true; value: unknown } | { ok: false; problem: Problem };

function isJson(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

/**
 * Reads a JSON body of at most `maxBytes`: a larger body is refused whole (413), never cut to fit.
 * The length is counted as the bytes arrive, so a missing or false Content-Length does not matter.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  if (!isJson(request.headers.get("content-type"))) {
    return fail(415, "Unsupported Media Type", "Send the body as JSON with Content-Type: application/json.");
  }
  const tooLarge = () =>
    fail(413, "Content Too Large", `The body is larger than ${maxBytes} bytes; send at most ${maxBytes} bytes.`);
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
  const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let source: string;
  try {
    source = text.decode(Buffer.concat(chunks));
  } catch {
    return fail(400, "Bad Request", "The body is not valid UTF-8.");
  }
  try {
    return { ok: true, value: JSON.parse(source) as unknown };
  } catch (error) {
    return fail(400, "Bad Request", `The body is not valid JSON: ${(error as Error).message}.`);
  }
}

function fail(status: number, title: string, detail: string): JsonBody {
  return { ok: false, problem: { status, title, detail } };
}
