/** Categories: a tree with unique slugs and names unique among siblings, images from verified uploads, and no cycles (CONTRACT.md §2–§5). */
import {
  CATEGORY_NAME_TAKEN,
  type CategoryInput,
  type CategoryNode,
  type CategoryOption,
  type CategoryRecord,
  type CategoryUpdateInput,
} from '../../shared/schemas/category';
import { mixedScriptWord, normalizeSlug, SLUG_MESSAGES, slugify } from '../../shared/slug';
import { mediaUrl, requireVerifiedAssets } from '../asset/references';
import { firstVersion } from '../lib/db/records';
import { badRequest, conflict, notFound } from '../lib/errors';
import { newId, nowIso } from '../lib/ids';
import { lookalikeKey } from '../lib/lookalike';
import { announceRename } from '../lib/renames';
import { siteSlugStyle } from '../site-management/model';
import { allTrashed } from '../trash/service';
import {
  CATEGORY_NOT_FOUND,
  CATEGORY_SLUG_TAKEN,
  holdsCategoryName,
  insertCategory,
  listAllCategories,
  replaceCategory,
} from './model';
import { CATEGORY_TRASH } from './trash';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export async function categoryTree(): Promise<CategoryNode[]> {
  const all = await listAllCategories();
  const nodes = new Map(all.map((c) => [c._id, { ...c, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: CategoryNode[]) => {
    list.sort(byName);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

export async function categoryList(): Promise<CategoryOption[]> {
  const all = await listAllCategories();
  return all.map(({ _id, name, slug, parent, active }) => ({ _id, name, slug, parent, active })).sort(byName);
}

async function imageOf(id: string | null | undefined) {
  if (!id) return null;
  const asset = (await requireVerifiedAssets([id], ['category-image'])).get(id);
  return asset ? { _id: asset._id, url: mediaUrl(asset.key), name: asset.name } : null;
}

/**
 * The slug asked for (normalized: `World News` is `world-news`), or one made from the name in the site's slug
 * style (with -2, -3… when taken); an asked-for taken one is 409. Taken means the same to a reader: slugs compare
 * by their look-alike key, as the slug item does (lib/lookalike.ts). The categories in the trash keep theirs until
 * deleted for good (so that they can be restored). A slug mixing look-alike scripts in a word is refused.
 */
async function chooseSlug(input: CategoryInput, all: CategoryRecord[], selfId?: string): Promise<string> {
  const trashed = await allTrashed(CATEGORY_TRASH);
  const taken = new Set([...all, ...trashed].filter((c) => c._id !== selfId).map((c) => lookalikeKey(c.slug)));
  const asked = input.slug ? normalizeSlug(input.slug) : '';
  if (asked) {
    if (taken.has(lookalikeKey(asked))) throw conflict(CATEGORY_SLUG_TAKEN);
    return asked;
  }
  const base = slugify(input.name, await siteSlugStyle()) || 'category';
  if (mixedScriptWord(base) !== undefined) throw badRequest(SLUG_MESSAGES.mixed);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(lookalikeKey(candidate))) return candidate;
  }
  throw conflict(CATEGORY_SLUG_TAKEN);
}

/** The parent must exist and must not be the category itself or below it. */
function checkParent(parent: string | null, all: CategoryRecord[], selfId?: string): void {
  if (!parent) return;
  const byId = new Map(all.map((c) => [c._id, c]));
  if (!byId.has(parent)) throw badRequest('The parent category does not exist');
  for (let at: string | null = parent, hops = 0; at && hops <= all.length; hops++) {
    if (at === selfId) throw badRequest('A category cannot be moved under itself or one of its subcategories');
    at = byId.get(at)?.parent ?? null;
  }
}

function fields(input: CategoryInput) {
  return {
    name: input.name,
    url: input.url ?? '',
    description: input.description ?? '',
    parent: input.parent ?? null,
    seo: {
      title: input.seo?.title ?? '',
      description: input.seo?.description ?? '',
      metaTags: (input.seo?.metaTags ?? []).filter((m) => m.property || m.content),
    },
  };
}

export async function createCategory(input: CategoryInput): Promise<CategoryRecord> {
  const all = await listAllCategories();
  checkParent(input.parent ?? null, all);
  const now = nowIso();
  const category: CategoryRecord = {
    _id: newId(),
    ...fields(input),
    slug: await chooseSlug(input, all),
    image: await imageOf(input.image),
    active: true,
    ...firstVersion(now),
  };
  await insertCategory(category, CATEGORY_NAME_TAKEN);
  return category;
}

export async function updateCategory(id: string, input: CategoryUpdateInput): Promise<CategoryRecord> {
  const all = await listAllCategories();
  const current = all.find((c) => c._id === id);
  if (!current) throw notFound(CATEGORY_NOT_FOUND);
  checkParent(input.parent ?? null, all, id);
  const next: CategoryRecord = {
    ...current,
    ...fields(input),
    slug: input.slug ? await chooseSlug(input, all, id) : current.slug,
    image: await imageOf(input.image),
    active: input.active ?? current.active,
    updatedAt: nowIso(),
    version: input.version + 1,
  };
  await replaceCategory(current, next, input.version, CATEGORY_NAME_TAKEN, await holdsCategoryName(current));
  announceRename('category', current, next);
  return next;
}

export async function categoriesExist(ids: readonly string[]): Promise<boolean> {
  const known = new Set((await listAllCategories()).map((c) => c._id));
  return ids.every((id) => known.has(id));
}
