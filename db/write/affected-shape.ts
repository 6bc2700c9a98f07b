import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { parseInput } from "@/domain/input";
import { type AffectedShape, affectedShapeInput, storedShape } from "@/domain/record/affected-shape";
import type { Db } from "../client";
import { affectedList, incident } from "../schema";
import { mutateIncident } from "./mutate";


/** What a stored row depends on: its columns, its roles, the order of its measures and data classes. Words may change freely. */
const structure = (s: AffectedShape | null) =>
  s && JSON.stringify({ form: s.account.form, caseSensitive: s.account.caseSensitive, requestIds: s.requestIds !== null, time: s.time, roles: s.roles.map((r) => r.key).sort(), measures: s.measures.map((m) => m.key), classes: s.dataClasses.map((d) => d.key) });

/**
 * Sets what one row of the incident's affected list is. While a list with rows is live, only its
 * words may change: a change the stored rows would not fit is refused, saying how many rows and
 * what to do, and nothing changes. One version bump, one audit entry.
 */
export function setAffectedShape({ db, actor, slug, input }: { db: Db; actor: Actor; slug: string; input: unknown }) {
  const { version, shape } = parseInput(affectedShapeInput, input);
  return mutateIncident(db, actor, slug, version, (tx, current) => {
    const before: AffectedShape | null = storedShape(current.affectedShape);
    const live = tx
      .select({ total: affectedList.total, rows: affectedList.rows })
      .from(affectedList)
      .where(and(eq(affectedList.incidentId, current.id), eq(affectedList.state, "live")))
      .get();
    if (live && live.total > 0 && structure(before) !== structure(shape)) {
      throw new DomainError(
        "conflict",
        `The affected list holds ${live.total} rows in the shape it has, and this change (of its id form, request ids, time, roles, measures or data classes) would not fit them, so nothing was changed. ` +
          "While the list holds rows, only its words can change: the unit, the names, labels, meanings and examples.",
      );
    }
    tx.update(incident).set({ affectedShape: JSON.stringify(shape) }).where(eq(incident.id, current.id)).run();
    return { action: "update", entity: "affected_shape", entityId: current.id, before, after: shape, result: { slug } };
  });
}
