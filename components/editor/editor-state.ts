export type EditorState =
  | { status: "idle" }
  /** `values` is what was sent, so the form comes back as the editor left it. */
  | { status: "error"; message: string; errors: Array<{ field: string; message: string }>; values?: Record<string, string> }
  | { status: "saved"; message: string };
