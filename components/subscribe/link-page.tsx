import type { ReactNode } from "react";
import { BUTTON } from "@/components/ui/styles";

/** A subscription link's page: what it is about, and at most one button, a plain form post to the link itself. */
export function LinkPage({ title, children, button }: { title: string; children: ReactNode; button?: { label: string; action: string; fields?: Record<string, string> } }) {
  return (
    <div className="record max-w-2xl">
      <h1>{title}</h1>
      {children}
      {button && (
        <form method="post" action={button.action} className="mt-4">
          {Object.entries(button.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={BUTTON}>
            {button.label}
          </button>
        </form>
      )}
    </div>
  );
}
