import { type Precision, isValidPreciseTime } from "./precise-time";
import { minuteUtc } from "./instant";

// Times as people write them ("14:02", "2026-12-01 14:02", "now"), in their own zone, read into the
// record's UTC form ("2026-12-01T13:02Z") at the precision the author chose.

export type WrittenTime = { text: string; zone: string; precision: Precision; now: number };
/** A failure's `said`: its sentence in the "validation.time" catalogue, for each reader's language; `message` in English. */
export type ReadTime = { ok: true; at: string | null; shown: string | null } | { ok: false; message: string; said: { key: string; values?: Record<string, string> } };

const fail = (message: string, key: string, values?: Record<string, string>): ReadTime => ({ ok: false, message, said: { key: `validation.time.${key}`, ...(values ? { values } : {}) } });

const pad = (n: number) => String(n).padStart(2, "0");

/** Whether Intl knows the zone ("UTC", "Europe/Berlin"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The wall clock of `ms` in `zone`, as numbers. */
function wallClock(ms: number, zone: string) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute") };
}

const utcText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}Z`;
};

/** A wall-clock time in a zone as UTC milliseconds, or null when that time does not exist there (a clock moved forward). */
function fromWallClock(year: number, month: number, day: number, hour: number, minute: number, zone: string): number | null {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(guess, zone);
    guess += wanted - Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  }
  const w = wallClock(guess, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === wanted ? guess : null;
}

const CLOCK = /^(\d{1,2}):(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})$/;
export const TIME_EXAMPLES = "14:02 (today), 2026-12-01 14:02, now, 2026-12-01T14:02Z (UTC), 2026-12-01, 2026-12 or 2026";

/** Reads what an author wrote; `shown` says it back in both zones ("14:02 Europe/Berlin = 13:02 UTC"). */
export function readWrittenTime({ text, zone, precision, now }: WrittenTime): ReadTime {
  const written = text.trim();
  if (precision === "none") return written === "" ? { ok: true, at: null, shown: null } : fail(`Precision is "none", so When stays empty.`, "noneEmpty");
  if (!isTimeZone(zone)) return fail(`"${zone}" is not a time zone: write one like UTC or Europe/Berlin.`, "zone", { zone });
  if (written === "") return fail(`When is empty: write ${TIME_EXAMPLES}.`, "empty");
  const lower = written.toLowerCase();
  let clock: { year: number; month: number; day: number; hour: number; minute: number } | null = null;
  if (lower === "now") {
    const minute = Math.floor(now / 60_000) * 60_000;
    clock = wallClock(minute, zone);
  } else if (CLOCK.test(written) || LOCAL.test(written)) {
    const m = CLOCK.exec(written);
    const l = LOCAL.exec(written);
    const today = wallClock(now, zone);
    clock = l
      ? { year: Number(l[1]), month: Number(l[2]), day: Number(l[3]), hour: Number(l[4]), minute: Number(l[5]) }
      : { ...today, hour: Number(m?.[1]), minute: Number(m?.[2]) };
  }
  if (clock) {
    if (precision !== "minute") return fail(`When has a time of day, so choose the precision minute, or write only the ${precision}.`, "hasClock", { precision });
    const local = `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
    if (clock.hour > 23 || clock.minute > 59 || !isValidPreciseTime({ at: `${local.replace(" ", "T")}Z`, precision })) return fail(`"${written}" is not a time of day on a calendar date.`, "noSuchClock", { written });
    const ms = fromWallClock(clock.year, clock.month, clock.day, clock.hour, clock.minute, zone);
    if (ms === null) return fail(`${local} does not exist in ${zone}: the clocks moved forward past it.`, "skipped", { local, zone });
    const at = utcText(ms);
    return { ok: true, at, shown: zone === "UTC" ? `${local} UTC` : `${local} ${zone} = ${minuteUtc(at)}` };
  }
  const fits = (["year", "month", "day", "minute"] as const).find((p) => p !== precision && isValidPreciseTime({ at: written, precision: p }));
  if (fits) return fail(`"${written}" is a ${fits === "minute" ? "time" : fits}, but Precision is ${precision}: choose ${fits}, or write the ${precision}.`, "otherPrecision", { written, fits, precision });
  if (isValidPreciseTime({ at: written, precision })) return { ok: true, at: written, shown: precision === "minute" ? minuteUtc(written) : written };
  return fail(`"${written}" is not a ${precision === "minute" ? "time" : precision} this form reads: write ${TIME_EXAMPLES}.`, "unreadable", { written, precision });
}
