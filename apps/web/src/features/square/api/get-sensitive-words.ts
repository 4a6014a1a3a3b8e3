import type { Page } from '@ld/contract/envelope';
import { SensitiveWordMatcher } from '@ld/contract/sensitive-words';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { squareKeys } from '../lib/query-keys';

/** The word list the client checks against (spec §9: pageSize 99). */
const SENSITIVE_WORDS_PAGE_SIZE = 99;

/** GET sensitiveword/list with pageSize 99; `records` are the words (spec §7). */
export const getSensitiveWords = () =>
  http.get<Page<string>>(
    '/v1/square/sensitiveword/list',
    { pageSize: SENSITIVE_WORDS_PAGE_SIZE },
    { quiet: true },
  );

/** The list compiled once into the shared matcher; the server still decides on publish. */
export const sensitiveWordsQuery = () =>
  queryOptions({
    queryKey: squareKeys.sensitiveWords,
    queryFn: async () => new SensitiveWordMatcher((await getSensitiveWords()).records),
    staleTime: 10 * 60_000,
    structuralSharing: false,
  });

export const useSensitiveWords = () => useQuery(sensitiveWordsQuery());
