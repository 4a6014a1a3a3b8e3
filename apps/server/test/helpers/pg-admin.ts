import pg from 'pg';

/**
 * One statement on the test PostgreSQL database (TEST_DATABASE_URL) on a connection of its own,
 * outside any app: a schema made or dropped, a backend ended.
 */
export async function pgAdmin(query: string): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('pgAdmin needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
