/** Where the page table looks up demo ids: the portal the bench started. */
export interface DemoLookup {
  baseUrl: string;
}

/**
 * A page path built from one field of the first record a demo-content list answers. `apiPath` is
 * under /api; GET params go in the query, POST params as a form body (as the web app sends them);
 * the answer's data is a page (`{ records }`) or an array.
 */
export function firstOf(
  method: 'GET' | 'POST',
  apiPath: string,
  field: string,
  toPath: (value: string) => string,
  params: Record<string, string> = {},
): (demo: DemoLookup) => Promise<string> {
  return async ({ baseUrl }) => {
    const query = new URLSearchParams(params);
    const url = `${baseUrl}/api${apiPath}${method === 'GET' && Object.keys(params).length > 0 ? `?${query}` : ''}`;
    const res = await fetch(
      url,
      method === 'POST'
        ? { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query }
        : { method },
    );
    const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
    if (envelope.code !== 0)
      throw new Error(`${method} ${apiPath} answered ${envelope.code}: ${envelope.msg}`);
    const data = envelope.data as { records?: unknown[] } | unknown[];
    const records = Array.isArray(data) ? data : (data.records ?? []);
    const first = records[0] as Record<string, unknown> | undefined;
    if (!first || first[field] === undefined || first[field] === null) {
      throw new Error(`${method} ${apiPath}: no demo record with ${field}`);
    }
    return toPath(encodeURIComponent(String(first[field])));
  };
}
