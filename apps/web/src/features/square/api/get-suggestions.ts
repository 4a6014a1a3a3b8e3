import { SQUARE_LIMITS } from '@ld/contract/square-values';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { squareKeys } from '../lib/query-keys';

/** GET keyword/suggestion: up to 10 phrases for what is being typed. Quiet: typing must not toast. */
export const getSuggestions = (keyword: string, signal?: AbortSignal) =>
  http.get<string[]>('/v1/square/keyword/suggestion', { keyword }, { quiet: true, signal });

export const suggestionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: squareKeys.suggestions(keyword),
    queryFn: ({ signal }) => getSuggestions(keyword, signal),
    enabled: keyword.length > 0 && keyword.length <= SQUARE_LIMITS.keywordMax,
    staleTime: 60_000,
    retry: false,
  });

export const useSuggestions = (keyword: string) => useQuery(suggestionsQuery(keyword));
