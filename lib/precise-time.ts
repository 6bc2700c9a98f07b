export const PRECISIONS = ["year", "month", "day", "minute", "none"] as const;
export type Precision = (typeof PRECISIONS)[number];

export type PreciseTime = { at: string | null; precision: Precision };

/** Calendar components in UTC; a component the precision does not give is null. */
export type TimeParts = { year: number; month: number | null; day: number | null; minuteOfDay: number | null };

type Dated = Exclude<Precision, "none">;

const FORMS: Record<Dated, RegExp> = {
  year: /^(\d{4})$/,
  month: /^(\d{4})-(\d{2})$/,
  day: /^(\d{4})-(\d{2})-(\d{2})$/,
  minute: /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})Z$/,
};

const EXAMPLES: Record<Dated, string> = {
  year: "2021",
  month: "2021-12",
  day: "2026-08-27",
  minute: "2026-09-09T14:00Z",
};

export const MONTH_NAMES = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// setUTCFullYear, unlike Date.UTC, does not remap years 0-99 to 1900-1999.
function utcMs(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

/** Throws a descriptive Error when `at` does not fit the precision or names an impossible date. */
export function timeParts(t: PreciseTime): TimeParts | null {
  if (t.precision === "none") {
    if (t.at !== null) throw new Error(`Precision "none" takes no date, got "${t.at}"`);
    return null;
  }
  if (t.at === null) throw new Error(`Precision "${t.precision}" needs a date, got null`);
  const m = FORMS[t.precision].exec(t.at);
  if (!m) {
    throw new Error(`"${t.at}" is not a ${t.precision}-precision time (expected the form ${EXAMPLES[t.precision]})`);
  }
  const year = Number(m[1]);
  const month = m[2] === undefined ? null : Number(m[2]);
  const day = m[3] === undefined ? null : Number(m[3]);
  const hour = m[4] === undefined ? null : Number(m[4]);
  const minute = m[5] === undefined ? null : Number(m[5]);
  if (month !== null && (month < 1 || month > 12)) throw new Error(`"${t.at}" has no month ${month}`);
  if (month !== null && day !== null && (day < 1 || day > daysInMonth(year, month))) {
    throw new Error(`"${t.at}" is not a calendar date`);
  }
  if (hour !== null && hour > 23) throw new Error(`"${t.at}" has hour ${hour} (must be 00-23)`);
  if (minute !== null && minute > 59) throw new Error(`"${t.at}" has minute ${minute} (must be 00-59)`);
  const minuteOfDay = hour === null || minute === null ? null : hour * 60 + minute;
  return { year, month, day, minuteOfDay };
}

export function parsePreciseTime(t: PreciseTime): { startMs: number; endMs: number } | null {
  const p = timeParts(t);
  if (!p) return null;
  if (p.month === null) return { startMs: utcMs(p.year, 1, 1), endMs: utcMs(p.year + 1, 1, 1) };
  if (p.day === null) return { startMs: utcMs(p.year, p.month, 1), endMs: utcMs(p.year, p.month + 1, 1) };
  const dayStart = utcMs(p.year, p.month, p.day);
  if (p.minuteOfDay === null) return { startMs: dayStart, endMs: dayStart + MS_PER_DAY };
  const startMs = dayStart + p.minuteOfDay * MS_PER_MINUTE;
  return { startMs, endMs: startMs + MS_PER_MINUTE };
}

export function isValidPreciseTime(t: PreciseTime): boolean {
  try {
    timeParts(t);
    return true;
  } catch {
    return false;
  }
}

/** Sort key: components the precision does not give sort after every given value. */
function sortKey(t: PreciseTime): number[] {
  const p = timeParts(t);
  if (!p) return [Infinity, Infinity, Infinity, Infinity];
  return [p.year, p.month ?? Infinity, p.day ?? Infinity, p.minuteOfDay ?? Infinity];
}

export function compareTimes(a: PreciseTime, b: PreciseTime): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  for (let i = 0; i < ka.length; i++) {
    const x = ka[i] ?? Infinity;
    const y = kb[i] ?? Infinity;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

function monthName(month: number, short: boolean): string {
  const name = MONTH_NAMES[month - 1] ?? "";
  return short ? name.slice(0, 3) : name;
}

type Wall = { year: number; month: number; day: number; clock: string; zone: string };

function wallClock(startMs: number, timeZone: string): Wall {
  const d = new Date(startMs);
  if (timeZone === "UTC") {
    const clock = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), clock, zone: "UTC" };
  }
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    timeZoneName: "short",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    clock: `${get("hour")}:${get("minute")}`,
    zone: get("timeZoneName"),
  };
}

/**
 * `locale`: the page's language ("en" unless told; English is written by hand, the others through
 * Intl). `noDate`: what to write for a time with no date, in that language (English's by default).
 */
export type FormatOptions = { timeZone?: "UTC" | string; locale?: string; noDate?: string };

/** A date through Intl in a language other than English: "27 августа 2026 г.", "сент. 2026 г.". */
function intlDate(ms: number, p: TimeParts, short: boolean, locale: string, timeZone: string, withYear = true): string {
  const month = short ? "short" : "long";
  const fields: Intl.DateTimeFormatOptions =
    p.month === null ? { year: "numeric" } : p.day === null ? { month, year: "numeric" } : { day: "numeric", month, ...(withYear ? { year: "numeric" } : {}) };
  return new Intl.DateTimeFormat(locale, { timeZone, ...fields }).format(ms);
}

function format(t: PreciseTime, short: boolean, opts: FormatOptions): string {
  const p = timeParts(t);
  if (!p) return opts.noDate ?? (short ? "No date yet" : "Expected, no date yet");
  const locale = opts.locale ?? "en";
  const range = parsePreciseTime(t);
  const startMs = range?.startMs ?? 0;
  // Year/month/day precision are UTC calendar dates: shifting them to a zone would invent a time of day.
  if (p.minuteOfDay === null && locale !== "en") return intlDate(startMs, p, short, locale, "UTC");
  if (p.month === null) return String(p.year);
  if (p.day === null) return `${monthName(p.month, short)} ${p.year}`;
  if (p.minuteOfDay === null) return `${p.day} ${monthName(p.month, short)} ${p.year}`;
  const zone = opts.timeZone ?? "UTC";
  const w = wallClock(startMs, zone);
  if (locale !== "en") return `${intlDate(startMs, p, short, locale, zone, !short)}, ${w.clock} ${w.zone}`;
  if (short) return `${w.day} ${monthName(w.month, true)}, ${w.clock} ${w.zone}`;
  return `${w.day} ${monthName(w.month, false)} ${w.year}, ${w.clock} ${w.zone}`;
}

/** "2021", "December 2021", "27 August 2026", "9 September 2026, 14:00 UTC", "Expected, no date yet"; in Russian "27 августа 2026 г.". */
export function formatPreciseTime(t: PreciseTime, opts: FormatOptions = {}): string {
  return format(t, false, opts);
}

/** "2021", "Dec 2021", "27 Aug 2026", "9 Sep, 14:00 UTC", "No date yet"; in Russian "27 авг. 2026 г.", "9 сент., 14:00 UTC". */
export function formatPreciseTimeShort(t: PreciseTime, opts: FormatOptions = {}): string {
  return format(t, true, opts);
}

/** "14:00" for minute precision, else null. */
export function formatClock(t: PreciseTime, timeZone: string = "UTC"): string | null {
  if (t.precision !== "minute") return null;
  const range = parsePreciseTime(t);
  return range ? wallClock(range.startMs, timeZone).clock : null;
}

/** Full ISO string of the period start, e.g. "2021-12-01T00:00:00.000Z". */
export function toIsoStart(t: PreciseTime): string | null {
  const range = parsePreciseTime(t);
  return range ? new Date(range.startMs).toISOString() : null;
}

/** HTML-valid partial date for <time dateTime>: "2021", "2021-12", "2026-08-27", "2026-09-09T14:00Z". */
export function toDateTimeAttr(t: PreciseTime): string | null {
  const p = timeParts(t);
  if (!p) return null;
  const y = String(p.year).padStart(4, "0");
  if (p.month === null) return y;
  if (p.day === null) return `${y}-${pad2(p.month)}`;
  const date = `${y}-${pad2(p.month)}-${pad2(p.day)}`;
  if (p.minuteOfDay === null) return date;
  return `${date}T${pad2(Math.floor(p.minuteOfDay / 60))}:${pad2(p.minuteOfDay % 60)}Z`;
}
