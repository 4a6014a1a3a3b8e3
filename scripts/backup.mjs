// `npm run backup`: the database and the uploads into BACKUP_DIR/<date>/ (default ./backups),
// from the same DATA_DIR and DATABASE_URL the server uses. Safe while the server runs.
import path from 'node:path';
import { backup } from './lib/backup.mjs';

const env = process.env;
const folder = await backup({
  dataDir: path.resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || undefined,
  backupDir: path.resolve(env.BACKUP_DIR ?? './backups'),
});
console.info(`backed up into ${folder}`);
