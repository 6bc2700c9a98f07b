import { createTranslator } from "next-intl";
import type { Locale } from "@/i18n/locales";

// A sentence not yet said in a language: a catalogue key ("problems.notFound") and its values, a
// value itself such a sentence when it is words (a field's name). Domain errors and validation
// carry these, and each reader's language is chosen where the answer is written.

export type Said = { key: string; values?: Record<string, SaidValue> };
/** A value: plain, a sentence said first, or sentences said one after another (a list of problems). */
export type SaidValue = string | number | Said | readonly Said[];
/** What resolves one key with plain values: next-intl's translator, on the server or in the browser. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

function sayValue(t: Translate, value: SaidValue): string | number {
  if (typeof value === "string" || typeof value === "number") return value;
  return "key" in value ? say(t, value) : value.map((v) => say(t, v)).join(" ");
}

/** The sentence in the language `t` speaks, its words-values said first. */
export function say(t: Translate, said: Said): string {
  return t(said.key, Object.fromEntries(Object.entries(said.values ?? {}).map(([name, value]) => [name, sayValue(t, value)])));
}

/** The message at a dotted key of a catalogue (any of its areas); a key it lacks is a mistake of ours, and throws. */
export function messageAt(messages: object, key: string): string {
  let at: unknown = messages;
  for (const part of key.split(".")) at = typeof at === "object" && at !== null ? new Map(Object.entries(at)).get(part) : undefined;
  if (typeof at !== "string") throw new Error(`no message "${key}"`);
  return at;
}

/**
 * A translator of any key of `messages` (the whole catalogue, or the areas a browser has): keys
 * here come as data, so each message is looked up, then formatted as ICU by next-intl.
 */
export function translateIn(locale: Locale, messages: object): Translate {
  const made = new Map<string, (values?: Record<string, string | number>) => string>();
  return (key, values) => {
    let format = made.get(key);
    if (!format) {
      const t = createTranslator({ locale, messages: { message: messageAt(messages, key) } });
      made.set(key, (format = (v) => t("message", v)));
    }
    return format(values);
  };
}
