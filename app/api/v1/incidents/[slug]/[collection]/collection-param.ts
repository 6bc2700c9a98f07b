import { COLLECTIONS, type Collection } from "@/db/write/collections";
import { DomainError } from "@/lib/domain-error";

export function collectionParam(value: string): Collection {
  if (!(COLLECTIONS as string[]).includes(value)) {
    throw new DomainError("not-found", `No collection "${value}"; there are ${COLLECTIONS.join(", ")}.`);
  }
  return value as Collection;
}

export function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new DomainError("not-found", `"${value}" is not an item id.`);
  return id;
}
