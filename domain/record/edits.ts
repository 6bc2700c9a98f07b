import { z } from "zod";
import { type Collection, collectionOf } from "./collections";
import { incidentVersion, versionOnly } from "./common";
import { incidentChanges, incidentInput } from "./incident";

// The bodies of the record's edits, as the verbs (db/write) parse them and the OpenAPI document
// (http/api) describes them: one schema each, so the two cannot say different things.

export { incidentInput, versionOnly };

/** A change to an incident's fields: one strict schema, so an unknown key is refused, not split off and dropped. */
export const incidentPatch = incidentChanges.extend({ version: incidentVersion });

/** An item added or replaced; it is checked inside the body, so its errors name their field as "item.title". */
export const itemBody = (collection: Collection) => z.strictObject({ version: incidentVersion, item: collectionOf(collection).schema });
