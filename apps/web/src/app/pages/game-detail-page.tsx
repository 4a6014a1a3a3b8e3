import { useParams } from 'react-router';
import { GameDetail } from '../../features/games/components/game-detail';
import { GameGifts } from '../../features/gifts/components/game-gifts';

/** 游戏 (route `detail/:id`, the game's appID): the game with its gift packs. */
export default function GameDetailPage() {
  const appID = Number(useParams().id);
  return (
    <GameDetail appID={appID}>
      <GameGifts appID={appID} />
    </GameDetail>
  );
}
