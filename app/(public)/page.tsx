import { IncidentCards } from "@/components/record/cards";
import { getDb } from "@/db/client";
import { readCards } from "@/publish/cards";

export const dynamic = "force-dynamic";

export default function HomePage() {
  const cards = readCards(getDb());
  return (
    <div className="record">
      <h1>Incidents</h1>
      <p className="muted">Each record keeps what happened, for how long, to whom, and the source behind every figure.</p>
      {cards.length === 0 ? <p>No incident has been published yet.</p> : <IncidentCards cards={cards} href={(slug) => `/incidents/${slug}`} />}
    </div>
  );
}
