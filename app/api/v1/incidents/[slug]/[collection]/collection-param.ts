import { type Collection, COLLECTION_NAMES } from "@/domain/record/collections";
import { DomainError } from "@/domain/errors";

export function collectionParam(value: string): Collection {
  if (!(COLLECTION_NAMES as string[]).includes(value)) {
    throw new DomainError("not-found", `No collection "${value}"; there are ${COLLECTION_NAMES.join(", ")}.`);
  }
  return value as Collection;
}

export function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new DomainError("not-found", `"${value}" is not an item id.`);
  return id;
}
