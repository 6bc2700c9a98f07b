export type EditorState =
  | { status: "idle" }
  /** `values` is what was sent, so the form comes back as the editor left it. */
  | { status: "error"; message: string; errors: Array<{ field: string; message: string }>; values?: Record<string, string> }
  /** `version`: the incident's version the save made; the banner shows only while the page is at it. */
  | { status: "saved"; message: string; version?: number };

/** A state as its form shows it: a saved banner belongs to its own save, not to the saves after it. */
export const shownState = (state: EditorState, version: number | undefined): EditorState =>
  state.status === "saved" && state.version !== undefined && version !== undefined && state.version !== version ? { status: "idle" } : state;
