"use client";

import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import type { FieldSpec } from "@/domain/record/collection";
import { PRECISIONS } from "@/lib/precise-time";
import { readWrittenTime } from "@/lib/written-time";
import { Field } from "@/components/ui/field";
import { useFormReset } from "./use-form-reset";
import { fieldHint, fieldLabel } from "./field-words";
import { useWords } from "./use-words";
import { INLINE_INPUT, INPUT, SMALL_QUIET_BUTTON } from "@/components/ui/styles";

const noSubscribe = () => () => {};
type Props = { id: string; spec: FieldSpec; zoneName: string; value: string; zone: string; isNew: boolean; problem?: string };

/** Now, as a wall clock in the zone: what "Now" writes into the field. */
function nowIn(zone: string): string {
  const p = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(Date.now());
  return p.replace(",", "");
}

/**
 * When something happened, as the author writes it: a clock (today), a date and a clock, "now",
 * or the record's own forms, in the zone beside it, with what it means in UTC said back as they
 * type. "Now" and the date picker need JavaScript; without it the text is read the same way. A
 * new item starts in the author's own zone (known only in the browser), a stored one in UTC.
 */
export function TimeField({ id, spec, zoneName, value, zone, isNew, problem }: Props) {
  const { t } = useWords();
  const label = fieldLabel(t, spec);
  const text = useRef<HTMLInputElement>(null);
  const zoneInput = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<string | null>(null);
  const clearSaid = useCallback(() => setSaid(null), []);
  const scripted = useSyncExternalStore(noSubscribe, () => true, () => false);
  const localZone = useSyncExternalStore(noSubscribe, () => Intl.DateTimeFormat().resolvedOptions().timeZone, () => null);

  // A form emptied after its save says nothing back until the author writes again.
  useFormReset(text, clearSaid);

  const precisionOf = () => {
    if (spec.precision) return spec.precision;
    const control = text.current?.form?.elements.namedItem("precision");
    return PRECISIONS.find((p) => control instanceof HTMLSelectElement && p === control.value) ?? "minute";
  };
  const sayBack = () => {
    const read = readWrittenTime({ text: text.current?.value ?? "", zone: zoneInput.current?.value || "UTC", precision: precisionOf(), now: Date.now() });
    setSaid(read.ok ? read.shown : null);
  };
  const write = (next: string) => {
    if (!text.current) return;
    text.current.value = next;
    // The form's live check listens for input events; a value set here is one too.
    text.current.dispatchEvent(new Event("input", { bubbles: true }));
    sayBack();
  };

  const pickDate = (date: string) => {
    const clock = /\d{1,2}:\d{2}$/.exec(text.current?.value ?? "")?.[0];
    write(clock ? `${date} ${clock}` : date);
  };
  const hintId = `${id}-hint`;
  return (
    <div className="md:col-span-2">
      <Field id={id} name={spec.name} label={label} hint={fieldHint(t, spec)} problem={problem}>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <input ref={text} id={id} name={spec.name} defaultValue={value} onInput={sayBack} aria-invalid={Boolean(problem)} aria-describedby={`${hintId} ${id}-said ${id}-problem`} className={`${INLINE_INPUT} w-48`} />
          {scripted && (
            <>
              <button type="button" className={SMALL_QUIET_BUTTON} onClick={() => write(nowIn(zoneInput.current?.value || "UTC"))}>
                {t("editor.form.now")}
              </button>
              <input type="date" aria-label={t("editor.form.pickDate", { label })} onChange={(e) => e.target.value && pickDate(e.target.value)} className={INLINE_INPUT} />
            </>
          )}
        </div>
      </Field>
      <label htmlFor={`${id}-zone`} className="mt-2 block text-sm font-semibold">
        {t("editor.form.timeZone")}
      </label>
      <input ref={zoneInput} id={`${id}-zone`} name={zoneName} defaultValue={isNew && zone === "UTC" && localZone ? localZone : zone} list="time-zones" onInput={sayBack} spellCheck={false} className={`${INPUT} max-w-xs`} />
      <p id={`${id}-said`} aria-live="polite" className="mt-1 min-h-4 text-xs text-slate-700 dark:text-slate-300">
        {said}
      </p>
    </div>
  );
}

let allZones: string[] | undefined;
const zonesHere = () => (allZones ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")]);
const UTC_ONLY = ["UTC"];

/** The zones the zone fields offer, once per page. */
export function TimeZoneList() {
  const zones = useSyncExternalStore(noSubscribe, zonesHere, () => UTC_ONLY);
  return (
    <datalist id="time-zones">
      {zones.map((z) => (
        <option key={z} value={z} />
      ))}
    </datalist>
  );
}
