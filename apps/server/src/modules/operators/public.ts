// What other modules use to build their admin routes (docs/decisions/0048-operator-console.md,
// "Adding an admin resource"): the operator of a request, the audited write, and admin paging.
export { adminOffset } from './admin-paging.ts';
export { type AuditActor, type AuditRecord, audited } from './audit.ts';
export {
  adminPage,
  auditedChange,
  auditedDelete,
  auditedEdit,
  editVerb,
  publishedFilter,
  publishedFlag,
} from './audited-edit.ts';
export { auditActor, currentOperator } from './guard.ts';
export { operatorNamesOf } from './names.ts';
