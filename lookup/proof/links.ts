import "server-only";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { accountIdOf, PLAIN_SHAPE, storedShape } from "@/domain/record/affected-shape";
import { linkToken } from "./tokens";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/db/audit";
import { incident as incidentTable } from "@/db/schema";
import type { Store } from "@/db/store/store";
import { writeTransaction } from "@/db/transaction";
import { keyInForce } from "./keys";
import { lookupIncident } from "../rows";

export type IssuedLink = { accountId: string; link: string };

/**
 * One signed lookup link per account for one incident, valid until `expiresAt`: the token holds the
 * account's keyed hash, the incident and the expiry; nothing is stored per link. One audit entry
 * (how many, until when, which key), in the transaction that may make the first key.
 */
export async function issueLinks(
  store: Store,
  actor: Actor,
  { slug, accountIds, expiresAt, origin, secret }: { slug: string; accountIds: string[]; expiresAt: Date; origin: string; secret: string },
): Promise<{ links: IssuedLink[]; published: boolean }> {
  if (actor.kind !== "system") throw new DomainError("forbidden", "Lookup links are made at the server's shell: npm run lookup:links.");
  return writeTransaction(store, async (tx) => {
    const incident = await tx
      .select({ id: incidentTable.id, slug: incidentTable.slug, affectedShape: incidentTable.affectedShape })
      .from(incidentTable)
      .where(eq(incidentTable.slug, slug))
      .get();
    if (!incident) throw new DomainError("not-found", `There is no incident "${slug}".`);
    const accountId = accountIdOf((storedShape(incident.affectedShape) ?? PLAIN_SHAPE).account);
    const key = await keyInForce(tx, secret, actor);
    const seconds = Math.floor(expiresAt.getTime() / 1000);
    const base = `${origin}/incidents/${encodeURIComponent(slug)}/lookup/link?token=`;
    // The id as the list stores it (lower case unless case matters): a link for "ABC…" is the link for "abc…".
    const links = accountIds.map((id) => {
      const account = accountId.parse(id);
      return { accountId: account, link: base + linkToken(key, secret, { incidentId: incident.id, accountId: account, expiresAt: seconds }) };
    });
    // Not in the incident's own history (readers see that): links change nothing of the record.
    await recordAudit(tx, {
      actor,
      incident: null,
      action: "create",
      entity: "lookup_links",
      entityId: key.id,
      before: null,
      after: { incident: incident.slug, links: links.length, expiresAt: expiresAt.toISOString(), kid: key.kid },
    });
    return { links, published: (await lookupIncident(tx, slug)) !== null };
  });
}
