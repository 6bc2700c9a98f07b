import type { OutgoingHttpHeaders } from "node:http";
import { API_POLICY, BASE_HEADERS, EXPORT_POLICY } from "../security-headers";
import { type Entry, makeEntry } from "./page-cache";

/** Browsers keep a public answer but ask each time whether it is still the one (RFC 9111 §5.2.2.4). */
export const REVALIDATE = { "cache-control": "no-cache", vary: "Accept-Encoding" };

/** A file the server makes itself (an export, the feed, a Statuspage answer), kept with the headers every such answer carries and its own. */
export function fileEntry(at: { generation: number; stamp: string }, file: { body: string; type: string }, own: OutgoingHttpHeaders = {}): Entry {
  const policy = file.type.startsWith("text/html") ? EXPORT_POLICY : API_POLICY;
  return makeEntry(at, 200, { ...BASE_HEADERS, ...REVALIDATE, ...own, "content-type": file.type, "content-security-policy": policy }, Buffer.from(file.body));
}
