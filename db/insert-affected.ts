import "server-only";
import { tenantKey } from "@/lib/tenant-key";
import type { AffectedRole } from "@/domain/record/constants";
import type { Db } from "./client";
import { affectedResponse } from "./schema";

export type AffectedInput = {
  accountId: string;
  requestId: string;
  occurredAt: string;
  promptTokens: number;
  role: AffectedRole;
};

/** Adds rows in one transaction, hashing each account id; a row already there is not added again. */
export function insertAffectedResponses(db: Db, incidentId: number, secret: string, rows: AffectedInput[]): number {
  return db.transaction((tx) => {
    let added = 0;
    for (const { accountId, ...row } of rows) {
      const result = tx
        .insert(affectedResponse)
        .values({ ...row, incidentId, tenantKey: tenantKey(secret, accountId) })
        .onConflictDoNothing()
        .run();
      added += result.changes;
    }
    return added;
  });
}
