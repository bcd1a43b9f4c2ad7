/** Keys of articles (cms). */
export const CMS_ENTITY = 'CMS';

export const articleKey = (id: string) => ({ pk: `CMS#${id}`, sk: 'CMS' });
/** gsi2: articles in one status (the list tabs), newest first. */
export const articlesByStatus = (status: string, createdAt: string, id: string) => ({
  gsi2pk: `CMS#${status}`,
  gsi2sk: `${createdAt}#${id}`,
});
/** gsi3 (sparse): only Scheduled articles carry it, sorted by publish date, for the publisher. */
export const SCHEDULED_PARTITION = 'CMS#SCHEDULED';
export const scheduledByPublishDate = (publishDate: string, id: string) => ({
  gsi3pk: SCHEDULED_PARTITION,
  gsi3sk: `${publishDate}#${id}`,
});
/** The trail of one article lives in its own item collection: one Query returns it. */
export const articleHistoryKey = (id: string, at: string, entryId: string) => ({
  pk: `CMS#${id}`,
  sk: `AUDIT#${at}#${entryId}`,
});
