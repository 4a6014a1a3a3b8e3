import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

/** How long a download link works (DESIGN §6: short-lived). */
export const PACKAGE_LINK_TTL_MS = 10 * 60 * 1000;

const secrets = new WeakMap<Db, Promise<string>>();
function packageSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = getOrCreateSecret(db, 'game.package');
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

const sign = (secret: string, gameId: number, platformType: number, uid: string, expires: string) =>
  createHmac('sha256', secret).update(`${gameId}:${platformType}:${uid}:${expires}`).digest('hex');

/** A link to one game's package for one platform, bound to the caller (uid 0 for a guest) and expiring. */
export async function signPackageLink(
  db: Db,
  link: { publicUrl: string; gameId: number; platformType: number; uid: number; now: number },
): Promise<string> {
  const expires = String(Math.floor((link.now + PACKAGE_LINK_TTL_MS) / 1000));
  const uid = String(link.uid);
  const sig = sign(await packageSecret(db), link.gameId, link.platformType, uid, expires);
  const query = new URLSearchParams({ expires, uid, sig });
  return `${link.publicUrl}/api/v1/game/package/${link.gameId}/${link.platformType}?${query}`;
}

/** Whether a link's signature is ours and its time has not passed. */
export async function isPackageLinkValid(
  db: Db,
  link: { gameId: number; platformType: number; uid: string; expires: string; sig: string; now: number },
): Promise<boolean> {
  if (!/^\d{1,12}$/.test(link.expires) || !/^\d{1,18}$/.test(link.uid) || !/^[0-9a-f]{64}$/.test(link.sig)) {
    return false;
  }
  const expected = Buffer.from(
    sign(await packageSecret(db), link.gameId, link.platformType, link.uid, link.expires),
    'hex',
  );
  if (!timingSafeEqual(expected, Buffer.from(link.sig, 'hex'))) return false;
  return Number(link.expires) * 1000 > link.now;
}
