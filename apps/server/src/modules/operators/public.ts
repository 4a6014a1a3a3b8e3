// What other modules use to build their admin routes (docs/decisions/0048-operator-console.md,
// "Adding an admin resource"): the operator of a request, the audited write, and admin paging.
export { adminOffset } from './admin-paging.ts';
export { type AuditActor, type AuditRecord, audited } from './audit.ts';
/** Audited edit, delete and change of one console record, and the pieces of its list (console-record.ts). */
export * as consoleRecord from './console-record.ts';
export { auditActor, currentOperator } from './guard.ts';
export { operatorNamesOf } from './names.ts';
