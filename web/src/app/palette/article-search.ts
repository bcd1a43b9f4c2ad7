/**
 * The palette's "find an article by title": the article list's own title search (GET /cms `search`, the inverted
 * index of title words, any script), a few matches, sent once typing pauses.
 */
import { useDebouncedValue } from '@mantine/hooks';
import type { ArticleRow } from '../../../../shared/schemas/article-record';
import { apiKey, useApi } from '../../api/use-api';

/** How many matches the palette lists; the article list has the rest. */
export const ARTICLE_MATCH_LIMIT = 8;
/** One request per pause in typing, soon enough to feel live. */
export const SEARCH_DELAY_MS = 250;
/** The title index answers prefixes from two characters. */
const MIN_SEARCH_LENGTH = 2;

/** The text to search titles for, or null when it is too short to search. */
export function articleSearchText(query: string): string | null {
  const text = query.trim();
  return text.length >= MIN_SEARCH_LENGTH ? text : null;
}

export const articleSearchKey = (text: string) =>
  apiKey('GET /cms', { query: { page: 1, limit: ARTICLE_MATCH_LIMIT, search: text } });

export type ArticleSearch =
  /** Nothing to search: the text is too short, or the user may not read articles. */
  | { state: 'off' }
  | { state: 'searching' }
  | { state: 'failed'; message: string }
  | { state: 'found'; rows: ArticleRow[]; total: number };

/** The title search for what is typed, `enabled` only for those who may read articles. */
export function useArticleSearch(query: string, enabled: boolean): ArticleSearch {
  const [debounced] = useDebouncedValue(query, SEARCH_DELAY_MS);
  const wanted = enabled ? articleSearchText(query) : null;
  const sent = enabled ? articleSearchText(debounced) : null;
  const { data, error, isLoading } = useApi(sent ? articleSearchKey(sent) : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (!wanted) return { state: 'off' };
  if (wanted !== sent || isLoading) return { state: 'searching' };
  if (error) return { state: 'failed', message: error.message };
  if (!data) return { state: 'searching' };
  return { state: 'found', rows: data.list, total: data.total };
}
