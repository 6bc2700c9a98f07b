/** What a section says while it has nothing yet, as the exports do: never a heading over a blank. */
export function NoneOnRecord({ children }: { children: string }) {
  return <p className="text-slate-700 dark:text-slate-300">{children}</p>;
}
