import type { Faq } from '@ld/contract/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';

/** The FAQ, in the operator's order; the page shows its own error state, so no toast. */
export const getFaqs = () => http.get<Faq[]>('/v1/faq', undefined, { quiet: true });

export const faqsQuery = () =>
  queryOptions({ queryKey: ['support', 'faq'], queryFn: getFaqs, staleTime: 10 * 60_000 });

export const useFaqs = () => useQuery(faqsQuery());
