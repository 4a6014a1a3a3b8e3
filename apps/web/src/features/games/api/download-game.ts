import { ErrorCode } from '@ld/contract/codes';
import type { DownloadAnswer } from '@ld/contract/games';
import type { PlatformTypeValue } from '@ld/contract/games-values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { getDeviceId } from '../../../shared/stores/device';

export interface DownloadRequest {
  gameId: number;
  platformType: PlatformTypeValue;
}

/** POST /api/user/game/download/{gameId}: pays when needed and answers a signed package URL. 1001 is the caller's to handle. */
export const downloadGame = ({ gameId, platformType }: DownloadRequest) =>
  http.post<DownloadAnswer>(
    `/user/game/download/${gameId}`,
    // A guest's free download is counted under the channel that brought this device (0062).
    { platformType, deviceID: getDeviceId() ?? undefined },
    { quiet: [ErrorCode.balanceInsufficient] },
  );

/** After a download the balance, the game's `purchased` and the ledger may have changed. */
export function useDownloadGame() {
  const queryClient = useQueryClient();
  const uid = useAccountStore((s) => s.account.uid);
  return useMutation({
    mutationFn: downloadGame,
    // Not awaited: the browser download starts at once while the refreshed figures come in.
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['user', 'status', uid] });
      void queryClient.invalidateQueries({ queryKey: ['games'] });
      if (answer.charged > 0) void queryClient.invalidateQueries({ queryKey: ['user', 'ledger', uid] });
    },
  });
}
