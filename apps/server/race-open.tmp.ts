import { createDb } from './src/db/database.ts';
const file = process.argv[2];
const start = Number(process.argv[3]);
while (Date.now() < start) {} // start together
try {
  const db = createDb({ sqlitePath: file });
  await db.kysely.selectNoFrom((eb) => eb.lit(1).as('x')).execute();
  await new Promise((r) => setTimeout(r, 300));
  await db.close();
  console.log('ok');
} catch (e) {
  console.log('FAIL', (e as Error).message);
}
