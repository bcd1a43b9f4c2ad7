/** Keys of breaking news. */
export const BREAKING_NEWS_ENTITY = 'BREAKING';
export const breakingNewsKey = (id: string) => ({ pk: `BREAKING#${id}`, sk: 'BREAKING' });
/** gsi1: every breaking news item, newest first. */
export const breakingNewsByCreatedAt = (createdAt: string, id: string) => ({
  gsi1pk: 'BREAKING',
  gsi1sk: `${createdAt}#${id}`,
});
export const BREAKING_NEWS_PARTITION = { index: 'gsi1', partition: 'BREAKING' } as const;
