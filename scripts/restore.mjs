// `npm run restore -- <backup folder>`: puts a backup back into an EMPTY database (DATABASE_URL,
// or DATA_DIR's SQLite file) and an empty DATA_DIR/uploads; refuses anything else. Stop the
// server first; start it after.
import path from 'node:path';
import { RestoreRefused, restore } from './lib/backup.mjs';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run restore -- <backup folder>');
  process.exit(64);
}
try {
  const { summary, files } = await restore({
    folder: path.resolve(folder),
    dataDir: path.resolve(process.env.DATA_DIR ?? './data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  console.info(`restored: ${summary.users} users, ${summary.ledgerRows} ledger rows, ${files} files`);
} catch (error) {
  console.error(`restore refused: ${error.message}`);
  process.exit(error instanceof RestoreRefused ? 65 : 1);
}
