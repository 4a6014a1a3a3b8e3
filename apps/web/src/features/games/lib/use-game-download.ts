import { ErrorCode } from '@ld/contract/codes';
import type { Game } from '@ld/contract/games';
import type { PlatformTypeValue } from '@ld/contract/games-values';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { ApiError } from '../../../shared/http/client';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { toast } from '../../../shared/ui/toast-store';
import { useDownloadGame } from '../api/download-game';
import { startStep } from './download-decision';
import { openLowBalanceDialog, useDownloadDialogs } from './download-store';
import { startBrowserDownload } from './start-browser-download';

/** The download flow of spec §4, from the 立即下载 tap to the browser's download. */
export function useGameDownload() {
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const mutation = useDownloadGame();

  /** Asks the server for the package; true when the browser download started. */
  const request = async (game: Game, platform: PlatformTypeValue): Promise<boolean> => {
    try {
      const answer = await mutation.mutateAsync({ gameId: game.id, platformType: platform });
      startBrowserDownload(answer.url);
      toast.success('开始下载');
      return true;
    } catch (error) {
      // The server is the judge of the balance: its 1001 opens the same dialog as the local check.
      if (error instanceof ApiError && error.code === ErrorCode.balanceInsufficient) openLowBalanceDialog();
      return false;
    }
  };

  const start = (game: Game, platform: PlatformTypeValue) => {
    const step = startStep(game, isLoggedIn);
    if (step === 'request') void request(game, platform);
    else if (step === 'login') goToLogin();
    else useDownloadDialogs.getState().openConfirm({ game, platform });
  };

  return { start, request, isPending: mutation.isPending };
}
