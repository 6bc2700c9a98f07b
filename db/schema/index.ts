// The tables of this database that are not a collection of the record: those live with their
// collection in domain/record/collections/ (drizzle.config.ts reads both).
export { incident } from "@/domain/record/incident";
export * from "./affected-list";
export * from "./affected-response";
export * from "./api-token";
export * from "./audit-entry";
export * from "./citation";
export * from "./lookup-key";
export * from "./lookup-session-end";
export * from "./rate-bucket";
export * from "./session";
export * from "./user";
export * from "./notice";
export * from "./outbox";
export * from "./subscriber";
export * from "./translation";
