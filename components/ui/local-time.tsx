"use client";

import { useSyncExternalStore } from "react";
import { minuteUtc } from "@/lib/instant";

/** "20 Mar, 01:00 in your time (America/Los_Angeles)": the reader's own zone, as the browser knows it. */
function inReadersZone(iso: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  return `${at} in your time (${zone})`;
}

/**
 * An instant in UTC, as the server renders it; once in the browser, the reader's own time is added
 * beside it (after hydration, so the server's HTML and the first render agree). A day stays a day.
 */
const never = () => () => undefined;

export function LocalTime({ at }: { at: string }) {
  // False on the server and in the hydrating render, true after: the reader's zone exists only in the browser.
  const inBrowser = useSyncExternalStore(never, () => true, () => false);
  const local = inBrowser && at.length > 10 ? inReadersZone(at) : null;
  if (at.length <= 10) return <time dateTime={at}>{`${at} (UTC day)`}</time>;
  return (
    <time dateTime={at}>
      {minuteUtc(at)}
      {local && <span className="text-slate-600 dark:text-slate-400">{` · ${local}`}</span>}
    </time>
  );
}
