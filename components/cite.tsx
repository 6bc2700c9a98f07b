/** Citation markers that jump to the numbered source list. */
export function Cite({ numbers }: { numbers: number[] }) {
  if (numbers.length === 0) return null;
  return (
    <sup className="ml-0.5 whitespace-nowrap text-xs font-normal">
      {numbers.map((n) => (
        <a
          key={n}
          href={`#source-${n}`}
          className="px-px text-blue-700 no-underline hover:underline focus-visible:underline dark:text-blue-300"
          aria-label={`Source ${n}`}
        >
          [{n}]
        </a>
      ))}
    </sup>
  );
}
