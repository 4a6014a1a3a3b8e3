// What other modules may use of games (docs/decisions/0016-module-boundaries.md).

export { publishedGameIds } from './repository.ts';
export { FIRST_GAME_APP_ID } from './seed.ts';
export { countDownloads, type GameCard, gameCardsOf, gameIdOfAppId, listGames } from './service.ts';
