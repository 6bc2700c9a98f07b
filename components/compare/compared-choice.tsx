import Link from "next/link";
import { BUTTON } from "@/components/ui/styles";

/**
 * Which incidents the comparison shows and how to change that, without script: a GET form of the
 * incidents shown, each ticked, so untick one and compare again; others are chosen on the list.
 */
export function ComparedChoice({ chosen, shown, perMeasure, max }: { chosen: boolean; shown: Array<{ slug: string; title: string }>; perMeasure: number; max: number }) {
  return (
    <section aria-labelledby="choice-heading" className="my-6">
      <h2 id="choice-heading">{chosen ? `The ${shown.length} incidents you chose` : `The newest ${perMeasure} incidents that record each length`}</h2>
      <p className="small">
        {chosen ? (
          <>
            Untick one and compare again, choose others on <Link href="/">the incidents list</Link>, or <Link href="/compare">compare the newest</Link>.
          </>
        ) : (
          <>
            To compare others, tick up to {max} on <Link href="/">the incidents list</Link> and press Compare. These are the ones shown now:
          </>
        )}
      </p>
      {shown.length > 0 && (
        <form method="get" action="/compare">
          <fieldset>
            <legend className="sr-only">Incidents to compare</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {shown.map((s) => (
                <div key={s.slug}>
                  <label className="flex items-start gap-2">
                    <input type="checkbox" name="incident" value={s.slug} defaultChecked className="mt-1" />
                    <span>{s.title}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={`${BUTTON} mt-3`}>
            Compare the ticked incidents
          </button>
        </form>
      )}
    </section>
  );
}
