// What an import stages, on either engine (db/affected/staging.ts, staging-pg.ts).

/** One staged row, the account id only as its tenant key: in the list's columns, in this order. */
export type StagedRow = [
  tenantKey: string,
  requestId: string,
  occurredAt: string | null,
  m1: number | null,
  m2: number | null,
  m3: number | null,
  m4: number | null,
  role: string,
  classes: number,
];

export const STAGED_COLUMNS = "tenant_key, request_id, occurred_at, m1, m2, m3, m4, role, classes";

/** Where an import's rows wait until they all have been read and checked, then go into the new list. */
export type Staging = {
  add(rows: StagedRow[]): Promise<void>;
  /** The rows of a list already on record, for a new list that adds to it; how many. */
  addList(fromListId: number): Promise<number>;
  /** Moves the staged rows into the list, sorted, each once. */
  moveInto(): Promise<void>;
  /** Removes what is staged; again, it does nothing. */
  drop(): Promise<void>;
  /** Ends the import's own settings (SQLite's page cache and put-off checkpoints), after the list is live or the import failed; again, it does nothing. */
  done(): Promise<void>;
};
