import { Cite } from "@/components/cite";
import { Prose } from "@/components/prose";

type ContextFact = { id: number; topic: string; statement: string; cites: number[] };

export function ContextFacts({ facts }: { facts: ContextFact[] }) {
  const topics = [...new Set(facts.map((f) => f.topic))];
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      {topics.map((topic) => (
        <div key={topic}>
          <h3 className="text-lg font-semibold">{topic}</h3>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            {facts
              .filter((f) => f.topic === topic)
              .map((f) => (
                <li key={f.id}>
                  <Prose text={f.statement} after={<Cite numbers={f.cites} />} />
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
