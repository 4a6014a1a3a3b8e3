// The shared content model for the kinds of work (docs/decisions/0026-content-model.md): novels,
// comics and videos. Other modules import this file, never the content internals.
export { type OpenedUnit, openUnit, unlockedUnits } from './access-service.ts';
// The console's work routes and the writes a kind's own admin routes build on (0059).
export { registerWorkAdminRoutes } from './admin-routes.ts';
// Videos in the console list and edit through the works layer (0058).
export {
  adminUnitOf,
  adminWorkOf,
  lastUnitIdx,
  listAdminWorks,
  TOPIC_OF,
  toAdminWork,
  updateWork,
} from './admin-service.ts';
export {
  existingUnit,
  existingWork,
  firstUnits,
  getWork,
  listCategories,
  listWorks,
} from './catalogue-service.ts';
export { PURCHASE_KIND_OF, shanghaiDayStart } from './kinds.ts';
export {
  insertCategory,
  insertUnits,
  insertWork,
  refreshWorkUnits,
  type UnitRow,
  type WorkRow,
} from './repository.ts';
export { registerWorkRoutes } from './routes.ts';
export { countUnitsRead } from './shelf-service.ts';
