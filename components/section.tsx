import type { ReactNode } from "react";

export function Section({
  id,
  title,
  badge,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-12 break-inside-avoid-page">
      <h2 id={`${id}-heading`} className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
        <a href={`#${id}-heading`} className="hover:underline">
          {title}
        </a>
        {badge}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function SampleBadge() {
  return (
    <span className="rounded-full border border-amber-600 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200">
      Sample data
    </span>
  );
}
