/**
 * The home page's slots hold only live news. An article taken off the site (retracted, unpublished by a save,
 * trashed) leaves its slots right after its own transaction (removeArticleFromLayout, called by cms); should that
 * call not happen (the Lambda stopped between the two, or five curators' saves in a row beat it), this sweep,
 * run by the publisher every minute, takes out every slot's article that is no longer Published or no longer
 * exists. One read of the layout and one BatchGet of its articles' rows a minute; nothing written when all are live.
 */
import { getArticleRows } from '../article/model';
import { getLayoutItem, type LayoutBody, removeArticleFromLayout } from '../home-layout/model';

/** Every article id the layout places, once. */
export function placedArticles(body: LayoutBody): string[] {
  const ids = [...body.headlines, ...body.topStory, ...body.sections.flatMap((section) => section.articles)];
  if (body.coverStory) ids.push(body.coverStory);
  return [...new Set(ids)];
}

/** Takes every placed article that is not live out of the layout; returns their ids. */
export async function sweepLayout(): Promise<string[]> {
  const layout = await getLayoutItem();
  if (!layout) return [];
  const placed = placedArticles(layout.body);
  if (placed.length === 0) return [];
  const live = new Set(
    (await getArticleRows(placed)).filter((row) => row.status === 'Published').map((row) => row._id),
  );
  const stale = placed.filter((id) => !live.has(id));
  for (const id of stale) await removeArticleFromLayout(id);
  return stale;
}
