import { useParams } from 'react-router';
import { gameDetailQuery } from '../../features/games/api/get-game-detail';
import { GameDetail } from '../../features/games/components/game-detail';
import { gameGiftsQuery } from '../../features/gifts/api/get-game-gifts';
import { GameGifts } from '../../features/gifts/components/game-gifts';
import type { FirstDataArgs, FirstQuery } from '../../shared/lib/first-queries';

/** The first screen: the game and its gift packs (an id that is no appID asks nothing). */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const appID = Number(params.id);
  return Number.isSafeInteger(appID) && appID > 0
    ? [gameDetailQuery(appID, uid), gameGiftsQuery(appID, uid)]
    : [];
};

/** 游戏 (route `detail/:id`, the game's appID): the game with its gift packs. */
export default function GameDetailPage() {
  const appID = Number(useParams().id);
  return (
    <GameDetail appID={appID}>
      <GameGifts appID={appID} />
    </GameDetail>
  );
}
