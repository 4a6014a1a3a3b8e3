export interface Summary {
  users: number;
  balances: number;
  ledgerRows: number;
  ledgerSum: number;
  purchases: number;
}
export function schemaOf(databaseUrl: string): string;
export function summarize(where: { databaseUrl?: string; sqliteFile?: string }): Promise<Summary>;
export function backup(options: {
  dataDir: string;
  databaseUrl?: string;
  backupDir: string;
  now?: Date;
}): Promise<string>;
export class RestoreRefused extends Error {}
export function restore(options: {
  folder: string;
  dataDir: string;
  databaseUrl?: string;
}): Promise<{ summary: Summary; files: number }>;
