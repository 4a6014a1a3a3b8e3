import type { Bulletin } from '@ld/contract/messages';
import { http } from '../../../shared/http/client';

/** The newest active bulletin of posType 1 (spec §4), or null. */
export const getBulletin = () => http.get<Bulletin | null>('/v1/bulletin', { posType: 1 }, { quiet: true });
