import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { incidentInput, incidentPatch, versionOnly } from "@/domain/record/edits";
import { parseInput } from "@/domain/input";
import { incidentNaming } from "@/domain/record/naming";
import { recordAudit } from "../audit";
import type { Db } from "../client";
import { incident } from "../schema";
import { keepListing } from "./listing";
import { assertCanWrite, mutateIncident, setCitations } from "./mutate";
import { writeTransaction } from "../transaction";
import { citesOf } from "../read/items";


function snapshot(row: typeof incident.$inferSelect, cites: number[]) {
  const { id, version, createdAt, updatedAt, ...fields } = row;
  return { ...fields, cites };
}

export function createIncident({ db, actor, input }: { db: Db; actor: Actor; input: unknown }) {
  assertCanWrite(actor);
  const { cites, ...fields } = parseInput(incidentInput, input, incidentNaming);
  return writeTransaction(db, (tx) => {
    if (tx.select({ id: incident.id }).from(incident).where(eq(incident.slug, fields.slug)).get()) {
      throw new DomainError("conflict", { key: "problems.incidentExists", values: { slug: fields.slug } });
    }
    const row = tx.insert(incident).values({ ...fields, published: false }).returning().get();
    setCitations(tx, row.id, "incident", row.id, cites);
    keepListing(tx, row.id);
    recordAudit(tx, {
      actor,
      incident: { id: row.id, slug: row.slug },
      action: "create",
      entity: "incident",
      entityId: row.id,
      before: null,
      after: snapshot(row, cites),
    });
    return { slug: row.slug, version: row.version, published: false };
  });
}

export function updateIncident({ db, actor, slug, input }: { db: Db; actor: Actor; slug: string; input: unknown }) {
  assertCanWrite(actor);
  const { version, cites, ...changes } = parseInput(incidentPatch, input, incidentNaming);
  return mutateIncident(db, actor, slug, version, (tx, current) => {
    const before = snapshot(current, citesOf(tx, "incident", current.id));
    const row = Object.keys(changes).length
      ? tx.update(incident).set(changes).where(eq(incident.id, current.id)).returning().get()
      : current;
    if (cites) setCitations(tx, current.id, "incident", current.id, cites);
    return {
      action: "update",
      entity: "incident",
      entityId: current.id,
      before,
      after: snapshot(row, citesOf(tx, "incident", current.id)),
      result: { slug },
    };
  });
}

export function setPublished({ db, actor, slug, input, published }: { db: Db; actor: Actor; slug: string; input: unknown; published: boolean }) {
  assertCanWrite(actor);
  const { version } = parseInput(versionOnly, input);
  return mutateIncident(db, actor, slug, version, (tx, current) => {
    tx.update(incident).set({ published }).where(eq(incident.id, current.id)).run();
    return {
      action: published ? "publish" : "unpublish",
      entity: "incident",
      entityId: current.id,
      before: { published: current.published },
      after: { published },
      result: { slug, published },
    };
  });
}
