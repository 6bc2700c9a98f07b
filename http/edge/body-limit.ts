import type { IncomingMessage } from "node:http";

/** A body that stops arriving for this long is given up on (408): a slow client holds no handler open. */
export const BODY_IDLE_MS = 30_000;

type Limit = { maxBytes: number; tooLarge: () => void; idle: () => void; idleMs?: number };

/**
 * Counts a request's body as Node's parser hands it over (IncomingMessage.push, the one way bytes
 * reach the stream), so a chunked or lying body is refused the moment it passes `maxBytes`, before
 * the rest is read. Past the limit nothing more reaches the handler; `tooLarge` answers and closes.
 */
export function limitBody(req: IncomingMessage, { maxBytes, tooLarge, idle, idleMs = BODY_IDLE_MS }: Limit): void {
  const push = req.push.bind(req);
  let size = 0;
  let over = false;
  // One timer for the whole body, pushed back as each chunk arrives.
  const timer = setTimeout(idle, idleMs).unref();
  const arm = () => void timer.refresh();
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk === null) {
      clearTimeout(timer);
      return over ? false : push(null);
    }
    if (over) return false;
    size += Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? chunk.byteLength : Buffer.byteLength(String(chunk), encoding);
    if (size > maxBytes) {
      over = true;
      clearTimeout(timer);
      tooLarge();
      return false;
    }
    arm();
    return push(chunk, encoding);
  };
  req.once("close", () => clearTimeout(timer));
}

/** Whether a request says it has a body at all (a length other than 0, or chunked). */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");
