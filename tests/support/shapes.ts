import type { Db } from "@/db/client";
import { readSeedIncident } from "@/db/seed/read";
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
export function giveShape(db: Db, slug: string, shape: AffectedShape = GLM_SHAPE): void {
  const row = db.$client.prepare("SELECT version FROM incident WHERE slug = ?").pluck().get(slug);
  if (typeof row !== "number") throw new Error(`no incident ${slug}`);
  setAffectedShape({ db, actor: editor, slug, input: { version: row, shape } });
}
