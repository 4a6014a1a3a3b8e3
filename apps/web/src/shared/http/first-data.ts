/**
 * The first page of data the server put into the HTML (docs/decisions/0043-phone-speed.md): for
 * the route a visitor opens, the server answers that page's first API requests as a guest and
 * writes the envelopes into `<script type="application/json" id="ld-first-data">`, keyed by
 * `requestKey`. The HTTP client takes each answer once, instead of asking the network, so a page's
 * data is there as soon as its code runs instead of one round trip later.
 */

import { PORTAL_APP_ID } from '@ld/contract/defaults';
import { requestKey as contractRequestKey, type FieldValue } from '@ld/contract/request-key';

export const FIRST_DATA_ELEMENT_ID = 'ld-first-data';
/** Answers older than this (from the HTML's arrival) are not used: the page asks the server again. */
export const FIRST_DATA_MAX_AGE_MS = 60_000;

export type { FieldValue };
/** The portal's own appID, which the HTTP client adds to every body (client.ts). */
export { PORTAL_APP_ID };

/** The key the server wrote this request's answer under: the contract's, without the portal's appID. */
export const requestKey = (method: string, path: string, fields: Record<string, FieldValue> = {}) =>
  contractRequestKey(method, path, fields, PORTAL_APP_ID);

let answers: Map<string, unknown> | null = null;

/**
 * The JSON the server wrote into `<script type="application/json" id={id}>`, taken out of the
 * document (read once), or undefined when there is none or it is unreadable.
 */
export function takeEmbeddedJson(id: string): unknown {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
}

function readAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  // Absent or unreadable: every request goes to the network as usual.
  const data = takeEmbeddedJson(FIRST_DATA_ELEMENT_ID);
  if (data && typeof data === 'object')
    for (const [key, envelope] of Object.entries(data)) answers.set(key, envelope);
  return answers;
}

/**
 * The envelope the server embedded for this request, taken out (a second identical request asks
 * the network), or undefined. Only for a guest (the server answered as one) and only early on.
 */
export function takeFirstData(key: string | null, isGuest: boolean): unknown {
  const all = readAnswers();
  if (all.size === 0 || key === null) return undefined;
  if (!isGuest || performance.now() > FIRST_DATA_MAX_AGE_MS) {
    all.clear();
    return undefined;
  }
  const envelope = all.get(key);
  all.delete(key);
  return envelope;
}

/** Forgets what was read (tests). */
export function resetFirstData(): void {
  answers = null;
}
