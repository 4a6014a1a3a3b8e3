import { randomBytes } from 'node:crypto';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@ld/contract/validation';
import type { Db } from '@ld/server/src/db/database.ts';
import * as accounts from '@ld/server/src/modules/accounts/repository.ts';
import * as games from '@ld/server/src/modules/games/repository.ts';
import { grantDiamonds } from '@ld/server/src/modules/wallet/public.ts';
import { systemClock } from '@ld/server/src/platform/clock.ts';
import { hashToken, newToken } from '@ld/server/src/platform/tokens.ts';

export interface Buyer {
  id: number;
  uid: string;
  token: string;
}

export interface PaidGame {
  id: number;
  price: number;
}

/** The demo catalogue's paid games that have an Android package (what platformType=1 downloads). */
export async function paidGames(db: Db): Promise<PaidGame[]> {
  const rows = await games.listGames(db.kysely, {}, { limit: 1000, offset: 0, after: null });
  return rows
    .filter((g) => g.online_type !== 0 && g.buy_amount > 0 && g.android_package)
    .map((g) => ({ id: g.id, price: g.buy_amount }));
}

/**
 * `count` users with a session each, made through the accounts repository, and each funded
 * through the wallet's ledger with exactly what buying every paid game once costs: balances and
 * ledger agree from the start, and a bug that charged twice would show up as a refused download.
 */
export async function fundedBuyers(db: Db, count: number, funding: number): Promise<Buyer[]> {
  const run = randomBytes(4).toString('hex');
  const now = systemClock.now();
  const buyers = await db.kysely.transaction().execute(async (trx) => {
    const made: Buyer[] = [];
    for (let i = 0; i < count; i++) {
      const id = await accounts.insertUser(trx, {
        login_name: `b${run}_${i}`,
        password_hash: null,
        phone: null,
        name: `压测用户${i}`,
        avatar: null,
        invite_code: randomInviteCode(),
        invited_by: null,
        created_at: now,
        updated_at: now,
      });
      const token = newToken();
      await accounts.insertSession(trx, { userId: id, tokenHash: hashToken(token), now });
      made.push({ id, uid: String(id), token });
    }
    return made;
  });
  for (const buyer of buyers) {
    await grantDiamonds(
      { db, clock: systemClock },
      {
        userId: buyer.id,
        amount: funding,
        reason: 'gift',
        ref: `bench-${run}-${buyer.id}`,
        note: '压测资金',
      },
    );
  }
  return buyers;
}

function randomInviteCode(): string {
  const bytes = randomBytes(INVITE_CODE_LENGTH);
  return Array.from(bytes, (b) => INVITE_CODE_ALPHABET[b % INVITE_CODE_ALPHABET.length]).join('');
}
