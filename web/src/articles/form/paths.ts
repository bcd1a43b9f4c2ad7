import type { ArticleType } from '../../../../shared/constants';

/** The editor route of each type (CONTRACT.md §2's routes table). */
export function editPathFor(type: ArticleType, id: string): string {
  const safe = encodeURIComponent(id);
  switch (type) {
    case 'Video':
      return `/article/video/edit/${safe}`;
    case 'Gallery':
      return `/article/gallery/edit/${safe}`;
    case 'Page':
      return `/page/edit/${safe}`;
    default:
      return `/article/edit/${safe}`;
  }
}

export const previewPathFor = (id: string) => `/preview/${encodeURIComponent(id)}`;

export const ARTICLE_LIST_PATH = '/article';
