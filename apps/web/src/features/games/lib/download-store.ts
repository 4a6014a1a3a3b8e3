import type { Game } from '@ld/contract/games';
import type { PlatformTypeValue } from '@ld/contract/games-values';
import { create } from 'zustand';

export interface PendingDownload {
  game: Game;
  platform: PlatformTypeValue;
}

interface DownloadDialogsState {
  /** The game and platform remembered when the confirm dialog opened (spec §4). */
  pending: PendingDownload | null;
  open: 'confirm' | 'lowBalance' | null;
  openConfirm(pending: PendingDownload): void;
  openLowBalance(): void;
  close(): void;
}

/** Opens the root-level download confirm and low-balance dialogs from any page. */
export const useDownloadDialogs = create<DownloadDialogsState>((set) => ({
  pending: null,
  open: null,
  openConfirm: (pending) => set({ pending, open: 'confirm' }),
  openLowBalance: () => set({ open: 'lowBalance' }),
  close: () => set({ open: null }),
}));

export const openLowBalanceDialog = () => useDownloadDialogs.getState().openLowBalance();
