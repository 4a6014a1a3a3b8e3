import type { SuggestAnswer } from '@ld/contract/home';
import { http } from '../../../shared/http/client';

/** GET /api/v1/search/suggest: titles as you type. */
export const getSuggestions = (keyword: string, signal?: AbortSignal) =>
  http.get<SuggestAnswer>('/v1/search/suggest', { keyword }, { quiet: true, signal });
