import "server-only";
import { headers } from "next/headers";
import { REQUEST_ID_HEADER, addToNote } from "./edge/request-notes";

// Server actions talk to the edge (http/edge/guard.ts) through the request's note: a form's answer
// is a page, rendered by Next with status 200, so the edge applies the status the action asks for.

/** The first step of every server action: a failure after it is the server's (500), not a tampered form's (400). */
export async function actionBegins(): Promise<void> {
  addToNote((await headers()).get(REQUEST_ID_HEADER), { actionStarted: true });
}

/** The status the form's answer goes out with, e.g. 429 with Retry-After for a throttled sign-in. */
export async function answerFormWith(code: number, extra: Record<string, string> = {}): Promise<void> {
  addToNote((await headers()).get(REQUEST_ID_HEADER), { actionStarted: true, status: { code, headers: extra } });
}

/** The status a page's answer goes out with when what its address asks for cannot be shown (a 400 for a bad filter). */
export async function answerPageWith(code: number): Promise<void> {
  addToNote((await headers()).get(REQUEST_ID_HEADER), { status: { code, headers: {} } });
}
