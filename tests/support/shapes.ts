import { eq } from "drizzle-orm";
import { readSeedIncident } from "@/db/seed/read";
import { incident } from "@/db/schema";
import type { Store } from "@/db/store/store";
import { setAffectedShape } from "@/db/write/affected-shape";
import type { Actor } from "@/domain/access";
import type { AffectedShape } from "@/domain/record/affected-shape";

const editor: Actor = { kind: "user", id: 1, email: "ed@example.com", role: "editor" };

/** GLM-5.3's list shape as seed/ ships it: the CSV the fixtures write (account_id,request_id,occurred_at,prompt_tokens,role). */
export const GLM_SHAPE: AffectedShape = (() => {
  const shape = readSeedIncident("glm-5-3-kv-cache-exposure").record.affectedShape;
  if (!shape) throw new Error("GLM-5.3 ships its list's shape");
  return shape;
})();

/** Gives an incident a list shape through the domain verb, at its current version. */
export async function giveShape(store: Store, slug: string, shape: AffectedShape = GLM_SHAPE): Promise<void> {
  const row = await store.q.select({ version: incident.version }).from(incident).where(eq(incident.slug, slug)).get();
  if (!row) throw new Error(`no incident ${slug}`);
  await setAffectedShape({ store, actor: editor, slug, input: { version: row.version, shape } });
}
