// The shared content model for the kinds of work (docs/decisions/0026-content-model.md): novels
// now, comics and videos next. Other modules import this file, never the content internals.
export {
  insertCategory,
  insertUnits,
  insertWork,
  refreshWorkUnits,
  type UnitRow,
  type WorkRow,
} from './repository.ts';
export { registerWorkRoutes } from './routes.ts';
export {
  countUnitsRead,
  existingUnit,
  existingWork,
  firstUnits,
  getWork,
  listCategories,
  listWorks,
  type OpenedUnit,
  openUnit,
  PURCHASE_KIND_OF,
  shanghaiDayStart,
  unlockedUnits,
} from './service.ts';
