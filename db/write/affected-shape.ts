import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { parseInput } from "@/domain/input";
import { type AffectedShape, PLAIN_SHAPE, affectedShapeInput, storedShape } from "@/domain/record/affected-shape";
import { shapeTexts } from "@/domain/record/shape-texts";
import type { Store } from "../store/store";
import { affectedList, incident, translation } from "../schema";
import { mutateIncident } from "./mutate";
import { applyShape, shapeProblems } from "./shape-change";


/**
 * Sets what one row of the incident's affected list is. While a list with rows (or counts) is live,
 * a change every row fits is applied to all of them in this one transaction (their data classes
 * renumbered, the counts made again); one some rows would not survive is refused, naming how many
 * and which, and nothing changes. One version bump, one audit entry.
 */
export async function setAffectedShape({ store, actor, slug, input }: { store: Store; actor: Actor; slug: string; input: unknown }) {
  const { version, shape } = parseInput(affectedShapeInput, input);
  return mutateIncident(store, actor, slug, version, async (tx, current) => {
    const before: AffectedShape | null = storedShape(current.affectedShape);
    const live = await tx
      .select({ id: affectedList.id, total: affectedList.total, rows: affectedList.rows })
      .from(affectedList)
      .where(and(eq(affectedList.incidentId, current.id), eq(affectedList.state, "live")))
      .get();
    if (live && live.total > 0) {
      const was = before ?? PLAIN_SHAPE;
      const problems = await shapeProblems(tx, live, was, shape);
      if (problems.length > 0) {
        throw new DomainError(
          "conflict",
          { key: "problems.shapeMisfit", values: { total: live.total, problems: problems.join("; ") } },
          { errors: problems.map((message) => ({ field: "shape", message })) },
        );
      }
      await applyShape(tx, live, was, shape);
    }
    await tx.update(incident).set({ affectedShape: JSON.stringify(shape) }).where(eq(incident.id, current.id)).run();
    // A word the new shape no longer has takes its translations with it, as an item's do.
    const words = [...shapeTexts(shape).keys()];
    await tx.delete(translation).where(and(eq(translation.incidentId, current.id), eq(translation.subject, "shape"), notInArray(translation.field, words))).run();
    return { action: "update", entity: "affected_shape", entityId: current.id, before, after: shape, result: { slug } };
  });
}
