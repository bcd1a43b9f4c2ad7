import type { ArticleStatus, ArticleType } from '../../../../shared/constants';

/** CONTRACT.md §8's popups after an editor saves (one text covers adding and updating). */
export const SAVED_MESSAGES: Record<ArticleType, string> = {
  Article: 'Article Added/Updated Successfully',
  Blog: 'Article Added/Updated Successfully',
  Video: 'Blog Added/Updated Successfully',
  Gallery: 'Gallery Added/Updated Successfully',
  // CONTRACT.md §8 names no popup for pages; this follows the others' pattern.
  Page: 'Page Added/Updated Successfully',
};

export const PUBLISHED_MESSAGE = 'Blog Published Successfully';

/** A live article's Save: its changes are kept as a draft and the published version stays. */
export const CHANGES_SAVED_MESSAGE = 'Changes saved. Readers see the published version until you publish them.';

export function savedMessage(type: ArticleType, status: ArticleStatus): string {
  return status === 'Published' ? PUBLISHED_MESSAGE : SAVED_MESSAGES[type];
}
