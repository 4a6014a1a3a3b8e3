import pg from 'pg';

/** One statement on the PostgreSQL database at `url`, on a connection of its own (schemas made and dropped, backends listed). */
export async function pgAdmin(url: string, query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}
