import "server-only";
import { revalidatePath } from "next/cache";

/** Pages prerendered from an incident are rebuilt on their next request after it changes. */
export function revalidateIncident(slug: string): void {
  for (const page of ["", "/lookup", "/changes", "/export.html", "/postmortem.md", "/incident.json"]) revalidatePath(`/incidents/${slug}${page}`);
  revalidatePath("/");
  revalidatePath("/feed.xml");
}
