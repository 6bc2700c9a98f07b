import "server-only";
import type { Actor } from "@/domain/access";
import { DomainError } from "@/domain/errors";
import { accountIdOf, PLAIN_SHAPE, storedShape } from "@/domain/record/affected-shape";
import { linkToken } from "./tokens";
import { recordAudit } from "@/db/audit";
import type { Db } from "@/db/client";
import { currentKey } from "./keys";
import { lookupIncident } from "../rows";

export type IssuedLink = { accountId: string; link: string };

/**
 * One signed lookup link per account for one incident, valid until `expiresAt`: the token holds the
 * account's keyed hash, the incident and the expiry; nothing is stored per link. One audit entry
 * (how many, until when, which key), in the transaction that may make the first key.
 */
export function issueLinks(
  db: Db,
  actor: Actor,
  { slug, accountIds, expiresAt, origin, secret }: { slug: string; accountIds: string[]; expiresAt: Date; origin: string; secret: string },
): { links: IssuedLink[]; published: boolean } {
  if (actor.kind !== "system") throw new DomainError("forbidden", "Lookup links are made at the server's shell: npm run lookup:links.");
  return db.transaction(
    (tx) => {
      const incident = tx.query.incident.findFirst({ where: (t, { eq }) => eq(t.slug, slug), columns: { id: true, slug: true, affectedShape: true } }).sync();
      if (!incident) throw new DomainError("not-found", `There is no incident "${slug}".`);
      const accountId = accountIdOf((storedShape(incident.affectedShape) ?? PLAIN_SHAPE).account);
      const key = currentKey(db, secret, actor);
      const seconds = Math.floor(expiresAt.getTime() / 1000);
      const base = `${origin}/incidents/${encodeURIComponent(slug)}/lookup/link?token=`;
      // The id as the list stores it (lower case unless case matters): a link for "ABC…" is the link for "abc…".
      const links = accountIds.map((id) => {
        const account = accountId.parse(id);
        return { accountId: account, link: base + linkToken(key, secret, { incidentId: incident.id, accountId: account, expiresAt: seconds }) };
      });
      // Not in the incident's own history (readers see that): links change nothing of the record.
      recordAudit(tx, {
        actor,
        incident: null,
        action: "create",
        entity: "lookup_links",
        entityId: key.id,
        before: null,
        after: { incident: incident.slug, links: links.length, expiresAt: expiresAt.toISOString(), kid: key.kid },
      });
      return { links, published: lookupIncident(db, slug) !== null };
    },
    { behavior: "immediate" },
  );
}
