import type { Compilable, CompiledQuery } from 'kysely';
import type { Conn } from './database.ts';
import { onPostgres } from './dialect.ts';

/**
 * Statements whose SQL is compiled once per shape instead of at every call. Kysely builds and
 * compiles each query anew: for the comment list's two statements that was a third of a deep
 * page's cost (docs/decisions/0056-cluster.md, "A comment page's statements compiled once").
 *
 * `build` gets a placeholder for each argument and must pass each only as a value (a parameter);
 * everything that changes the SQL text (the store, the order, whether there is a cursor, how many
 * ids) belongs in the shape's key; the dialect is added to it here. The first call of a shape compiles it with the placeholders and
 * records which argument each parameter is; later calls bind the arguments to that SQL. A
 * placeholder that ends up anywhere but the parameters is a mistake in `build`, and the first call
 * throws.
 */
export function compiledOnce<Row>(): (
  db: Conn,
  key: string,
  args: readonly unknown[],
  build: (placeholders: readonly unknown[]) => Compilable<Row>,
) => Promise<Row[]> {
  const shapes = new Map<string, { compiled: CompiledQuery<Row>; slots: number[] }>();
  return async (db, shapeKey, args, build) => {
    // One process may talk to both databases (the API tests do): their SQL differs.
    const key = `${onPostgres(db) ? 'pg' : 'sqlite'}:${shapeKey}`;
    let shape = shapes.get(key);
    if (!shape) {
      shape = compile(key, args.length, build);
      shapes.set(key, shape);
    }
    const { compiled, slots } = shape;
    const parameters = slots.map((slot) => args[slot]);
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

/** A placeholder: an object no query builder turns into SQL text of its own. */
class Placeholder {
  constructor(readonly slot: number) {}
}

function compile<Row>(
  key: string,
  count: number,
  build: (placeholders: readonly unknown[]) => Compilable<Row>,
): { compiled: CompiledQuery<Row>; slots: number[] } {
  const placeholders = Array.from({ length: count }, (_, slot) => new Placeholder(slot));
  const compiled = build(placeholders).compile();
  const slots = compiled.parameters.map((parameter) => {
    if (!(parameter instanceof Placeholder))
      throw new Error(`compiledOnce(${key}): a parameter is not one of the arguments: ${String(parameter)}`);
    return parameter.slot;
  });
  const unused = placeholders.filter((p) => !slots.includes(p.slot));
  if (unused.length > 0 || compiled.sql.includes('[object '))
    throw new Error(`compiledOnce(${key}): an argument is not a parameter of the statement`);
  return { compiled, slots };
}
