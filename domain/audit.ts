export const AUDIT_ACTIONS = ["create", "update", "delete", "publish", "unpublish", "import"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
