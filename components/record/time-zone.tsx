"use client";

import { type ReactNode, createContext, useContext, useState, useSyncExternalStore } from "react";
import { useLocale } from "next-intl";
import { formatPreciseTime, formatPreciseTimeShort, type PreciseTime, toDateTimeAttr } from "@/lib/precise-time";

type Mode = "utc" | "local";
const ModeContext = createContext<{ mode: Mode; setMode: (m: Mode) => void }>({ mode: "utc", setMode: () => {} });

const noSubscribe = () => () => {};
/** The reader's zone, known only in the browser; null while rendering on the server. */
function useLocalZone(): string | null {
  return useSyncExternalStore(
    noSubscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
}

export function TimeZoneProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<Mode>("utc");
  return <ModeContext.Provider value={{ mode, setMode }}>{children}</ModeContext.Provider>;
}

/** Only minute-precision times move; dates stay the UTC days the sources give. */
export function EventTime({ time, short = false }: { time: PreciseTime & { at: string }; short?: boolean }) {
  const { mode } = useContext(ModeContext);
  const zone = useLocalZone();
  const timeZone = mode === "local" && zone ? zone : "UTC";
  const locale = useLocale();
  const format = short ? formatPreciseTimeShort : formatPreciseTime;
  return (
    <time dateTime={toDateTimeAttr(time) ?? time.at} data-precision={time.precision}>
      {format(time, { timeZone, locale })}
    </time>
  );
}

type SwitchLabels = { group: string; utc: string; local: string; default: string };

/** Hidden until JavaScript runs, since without it the switch could not work; `labels` in the page's language (the server's words: no catalogue travels to the browser for it). */
export function TimeZoneSwitch({ labels }: { labels: SwitchLabels }) {
  const { mode, setMode } = useContext(ModeContext);
  const zone = useLocalZone();
  if (!zone) return null;
  const button = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
    >
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label={labels.group}
      data-testid="time-zone-switch"
      className="tz no-print"
    >
      {button("utc", labels.utc)}
      {button("local", labels.local)}
      <span className="small muted">{mode === "local" ? zone : labels.default}</span>
    </div>
  );
}
