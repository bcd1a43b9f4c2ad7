import { TrashLink } from '../../common/trash/TrashLink';
import { ARTICLE_LIST_PATH } from '../form/paths';

/** The article list's Trash button (with Remove on articles): the removed articles, at /article/trash. */
export function ArticleTrashLink() {
  return <TrashLink resource="Cms" listPath={ARTICLE_LIST_PATH} />;
}
