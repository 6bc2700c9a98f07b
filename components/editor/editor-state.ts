export type EditorState =
  | { status: "idle" }
  | { status: "error"; message: string; errors: Array<{ field: string; message: string }> }
  | { status: "saved"; message: string };
