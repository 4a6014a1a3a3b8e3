import { randomBytes } from 'node:crypto';
import { PLATFORM_NAMES, PlatformType } from '@ld/contract/games';
import type { Deps } from '../../platform/deps.ts';
import { insertGame, insertType, setGameMedia } from './repository.ts';
import { SEED_GAMES, SEED_TYPES, type SeedGame } from './seed-content.ts';
import { iconSvg, renderWebp, screenshotSvg, zipOf } from './seed-media.ts';

/** Demo games get app ids from here up, well apart from the portal's own (2008). */
export const FIRST_GAME_APP_ID = 10001;
const DAY = 86_400_000;
/** Games drawn at once: sharp works on its own threads, so a few in parallel keep the seed fast. */
const PARALLEL = 8;

function packageFor(deps: Deps, game: SeedGame, platformType: 1 | 2): Buffer {
  const platform = PLATFORM_NAMES[platformType];
  return zipOf([
    {
      name: 'README.txt',
      text: [
        `${game.name} ${game.version}（${platform}版）`,
        '',
        `这是${deps.config.appTitle}的演示安装包，用来体验下载流程，不能安装运行。`,
        '',
        game.description,
        '',
        `标签：${game.tags.join('、')}`,
      ].join('\n'),
    },
    {
      name: 'game.json',
      text: JSON.stringify({ name: game.name, version: game.version, platform, tags: game.tags }, null, 2),
    },
  ]);
}

/** Icons, 3–5 screenshots and both packages of one game, written to storage. */
async function mediaFor(deps: Deps, gameId: number, index: number, game: SeedGame) {
  const shots = 3 + (index % 3);
  const [icon, ...pictures] = await Promise.all([
    renderWebp(iconSvg(index, game.mark), 80),
    ...Array.from({ length: shots }, (_, k) => renderWebp(screenshotSvg(index, k, game.mark))),
  ]);
  const iconUrl = await deps.storage.put(`games/${gameId}/icon.webp`, icon);
  const screenshotUrls = await Promise.all(
    pictures.map((bytes, k) => deps.storage.put(`games/${gameId}/shot-${k + 1}.webp`, bytes)),
  );
  // A package is reachable only through a signed link: /uploads/ never serves `packages/` (0019),
  // and the unguessable folder is a second line (docs/decisions/0003-games-and-money.md).
  const hidden = `packages/${gameId}/${randomBytes(16).toString('hex')}`;
  const android = `${hidden}/game-${gameId}.apk`;
  await deps.storage.put(android, packageFor(deps, game, PlatformType.android));
  let ios: string | null = null;
  if (game.ios) {
    ios = `${hidden}/game-${gameId}.ipa`;
    await deps.storage.put(ios, packageFor(deps, game, PlatformType.ios));
  }
  await setGameMedia(deps.db.kysely, gameId, {
    icon: iconUrl,
    screenshots: JSON.stringify(screenshotUrls),
    android_package: android,
    ios_package: ios,
  });
}

/** Game types and the demo catalogue with pictures and packages. */
export async function seedGames(deps: Deps): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const typeIds = new Map<string, number>();
  for (const [i, name] of SEED_TYPES.entries()) typeIds.set(name, await insertType(db, name, i + 1));

  const ids: number[] = [];
  for (const [i, game] of SEED_GAMES.entries()) {
    ids.push(
      await insertGame(db, {
        app_id: FIRST_GAME_APP_ID + i,
        type_id: typeIds.get(game.type)!,
        name: game.name,
        icon: '',
        screenshots: '[]',
        description: game.description,
        version: game.version,
        size: game.sizeMb * 1024 * 1024,
        tags: JSON.stringify(game.tags),
        online_type: game.price > 0 ? 1 : 0,
        buy_amount: game.price,
        download_count: game.downloads,
        android_package: null,
        ios_package: null,
        sort: SEED_GAMES.length - i,
        updated_at: now - game.updatedDaysAgo * DAY,
        created_at: now - (game.updatedDaysAgo + 90) * DAY,
      }),
    );
  }
  for (let start = 0; start < SEED_GAMES.length; start += PARALLEL) {
    await Promise.all(
      SEED_GAMES.slice(start, start + PARALLEL).map((game, k) =>
        mediaFor(deps, ids[start + k], start + k, game),
      ),
    );
  }
}
