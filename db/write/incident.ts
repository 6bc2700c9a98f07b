import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { incidentInput, incidentPatch, versionOnly } from "@/domain/record/edits";
import { parseInput } from "@/domain/input";
import { incidentNaming } from "@/domain/record/naming";
import { recordAudit } from "../audit";
import type { Store } from "../store/store";
import { incident } from "../schema";
import { keepListing } from "./listing";
import { assertCanWrite, mutateIncident, setCitations } from "./mutate";
import { writeTransaction } from "../transaction";
import { citesOf } from "../read/items";


function snapshot(row: typeof incident.$inferSelect, cites: number[]) {
  const { id, version, createdAt, updatedAt, ...fields } = row;
  return { ...fields, cites };
}

export async function createIncident({ store, actor, input }: { store: Store; actor: Actor; input: unknown }) {
  assertCanWrite(actor);
  const { cites, ...fields } = parseInput(incidentInput, input, incidentNaming);
  return writeTransaction(store, async (tx) => {
    if (await tx.select({ id: incident.id }).from(incident).where(eq(incident.slug, fields.slug)).get()) {
      throw new DomainError("conflict", { key: "problems.incidentExists", values: { slug: fields.slug } });
    }
    const row = await tx.insert(incident).values({ ...fields, published: false }).returning().get();
    await setCitations(tx, row.id, "incident", row.id, cites);
    await keepListing(tx, row.id);
    await recordAudit(tx, {
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

export async function updateIncident({ store, actor, slug, input }: { store: Store; actor: Actor; slug: string; input: unknown }) {
  assertCanWrite(actor);
  const { version, cites, ...changes } = parseInput(incidentPatch, input, incidentNaming);
  return mutateIncident(store, actor, slug, version, async (tx, current) => {
    const before = snapshot(current, await citesOf(tx, "incident", current.id));
    const row = Object.keys(changes).length ? await tx.update(incident).set(changes).where(eq(incident.id, current.id)).returning().get() : current;
    if (cites) await setCitations(tx, current.id, "incident", current.id, cites);
    return {
      action: "update",
      entity: "incident",
      entityId: current.id,
      before,
      after: snapshot(row, await citesOf(tx, "incident", current.id)),
      result: { slug },
    };
  });
}

export async function setPublished({ store, actor, slug, input, published }: { store: Store; actor: Actor; slug: string; input: unknown; published: boolean }) {
  assertCanWrite(actor);
  const { version } = parseInput(versionOnly, input);
  return mutateIncident(store, actor, slug, version, async (tx, current) => {
    await tx.update(incident).set({ published }).where(eq(incident.id, current.id)).run();
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
