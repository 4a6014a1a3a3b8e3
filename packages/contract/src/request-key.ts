// One request as a key (docs/decisions/0043-phone-speed.md), without zod: the server describes the
// first requests of a page with it and the web client looks its answers up with it, so both sides
// must make the same key from the same request.

export type FieldValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * Method, API path and its fields (query or form body), sorted, so the server's description and
 * the client's request meet whatever the field order. Left out, as the client leaves them out of
 * what it sends: the caller's own `appID` (`ownAppId`, the portal's; a page's own, a game's id, is
 * kept), undefined and null fields, and for a GET an empty string. Null when a field is a list
 * (a request the server never describes).
 */
export function requestKey(
  method: string,
  path: string,
  fields: Readonly<Record<string, FieldValue>>,
  ownAppId: number,
): string | null {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (name === 'appID' && Number(value) === ownAppId) continue;
    if (method === 'GET' && value === '') continue;
    if (Array.isArray(value)) return null;
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  pairs.sort();
  return `${method} ${path}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}
