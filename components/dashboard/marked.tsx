import { MARK_END, MARK_START } from "@/lib/search-query";

/** A search hit's text with its matched words in <mark>, from SQLite's markers: never as HTML. */
export function Marked({ text }: { text: string }) {
  const parts = text.split(MARK_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <span key={i}>{part}</span>;
        const [hit = "", rest = ""] = part.split(MARK_END);
        return (
          <span key={i}>
            <mark>{hit}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}
