import { http } from '../../../shared/http/client';

export interface DownloadVisit {
  channelID: string;
  inviteCode: string;
}

/** POST /api/user/game/download/upload: counts a visit to the download page per channel and invite code. */
export const recordDownloadVisit = (visit: DownloadVisit) =>
  http.post<null>('/user/game/download/upload', { ...visit }, { quiet: true });
