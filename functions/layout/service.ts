/**
 * The home-page layout (CONTRACT.md §2 home curation, §3 Layout, §7): one record, read with its articles and
 * categories filled in, replaced whole with the version it was read at. Only Published news (no Pages) may be
 * placed, at most 5 headlines and 7 top stories, and video and gallery sections take only their own type.
 */
import {
  type HomeLayout,
  isHomeArticleType,
  LAYOUT_MESSAGES,
  type LayoutUpdateInput,
  type PlacedArticle,
} from '../../shared/schemas/layout';
import { slugPath } from '../../shared/slug';
import type { ArticleRecord } from '../article/model';
import { getArticleRows } from '../article/model';
import { mediaRefs } from '../asset/references';
import { auditAction, diffFields } from '../audit/record';
import { listAllCategories } from '../category/model';
import { getOrCreateHomeLayout, type LayoutBody, type LayoutRecord, replaceLayout } from '../home-layout/model';
import { badRequest, notFound, staleVersion } from '../lib/errors';
import { nowIso } from '../lib/ids';
import type { AuthUser } from '../user/auth-user';

const idsIn = (body: LayoutBody) => [
  ...body.headlines,
  ...body.topStory,
  ...(body.coverStory ? [body.coverStory] : []),
  ...body.sections.flatMap((s) => s.articles),
];

type Rows = Map<string, ArticleRecord>;
const rowsOf = async (body: LayoutBody): Promise<Rows> =>
  new Map((await getArticleRows(idsIn(body))).map((a) => [a._id, a]));

/** The layout with its articles and categories filled in (`rows` when the caller has already read them). */
async function populated(layout: LayoutRecord, known?: Rows): Promise<HomeLayout> {
  const rows = known ?? (await rowsOf(layout.body));
  const media = await mediaRefs([...rows.values()].map((a) => a.image));
  const categories = layout.body.sections.some((s) => s.category) ? await listAllCategories() : [];
  const categoryName = new Map(categories.map((c) => [c._id, c.name]));
  const article = (id: string): PlacedArticle[] => {
    const a = rows.get(id);
    if (!a) return [];
    return [
      {
        _id: a._id,
        title: a.title,
        type: a.type,
        status: a.status,
        url: slugPath(a.slug),
        publishDate: a.publishDate,
        imageUrl: a.image ? (media[a.image]?.url ?? null) : null,
      },
    ];
  };
  const { body } = layout;
  return {
    _id: layout._id,
    name: layout.name,
    updatedAt: layout.updatedAt,
    version: layout.version,
    body: {
      headlines: body.headlines.flatMap(article),
      topStory: body.topStory.flatMap(article),
      coverStory: body.coverStory ? (article(body.coverStory)[0] ?? null) : null,
      sections: body.sections.map((s) => ({
        ...s,
        category: s.category ? { _id: s.category, name: categoryName.get(s.category) ?? '' } : null,
        articles: s.articles.flatMap(article),
      })),
    },
  };
}

export async function findHomeLayout() {
  return populated(await getOrCreateHomeLayout());
}

/**
 * Every placed article must exist, be Published and be news (HOME_ARTICLE_TYPES: never a Page such as About us);
 * a video or gallery section takes only its own type.
 */
async function checkPlacements(body: LayoutBody): Promise<Rows> {
  const rows = await rowsOf(body);
  const published = (id: string): ArticleRecord => {
    const a = rows.get(id);
    if (a?.status !== 'Published') throw badRequest(LAYOUT_MESSAGES.notPublished);
    if (!isHomeArticleType(a.type)) throw badRequest(`${LAYOUT_MESSAGES.notNews} (“${a.title}” is a ${a.type})`);
    return a;
  };
  for (const id of idsIn(body)) published(id);
  for (const section of body.sections) {
    if (section.type === 'Category' || section.articles.every((id) => published(id).type === section.type)) continue;
    throw badRequest(`${LAYOUT_MESSAGES.wrongType} (${section.name})`);
  }
  const wanted = body.sections.flatMap((s) => (s.category ? [s.category] : []));
  if (wanted.length) {
    const known = new Set((await listAllCategories()).map((c) => c._id));
    if (wanted.some((id) => !known.has(id))) throw badRequest('A section’s category does not exist');
  }
  return rows;
}

/** What an audit entry of a layout change compares: the slots (article ids), each as a whole. */
const AUDITED_SLOTS = [
  'headlines',
  'topStory',
  'coverStory',
  'sections',
] as const satisfies readonly (keyof LayoutBody)[];

export async function updateLayout(actor: AuthUser, id: string, input: LayoutUpdateInput, ip: string) {
  const current = await getOrCreateHomeLayout();
  if (current._id !== id) throw notFound('No such layout');
  if (input.version !== current.version) throw staleVersion();
  const body: LayoutBody = {
    headlines: input.body.headlines,
    topStory: input.body.topStory,
    coverStory: input.body.coverStory,
    sections: input.body.sections.map((s) => ({
      type: s.type,
      category: s.type === 'Category' ? (s.category ?? null) : null,
      articles: s.articles,
      name: s.name,
      template: s.template,
      color: s.color.toLowerCase(),
    })),
  };
  const rows = await checkPlacements(body);
  const next: LayoutRecord = {
    ...current,
    body,
    updatedAt: nowIso(),
    updatedBy: actor._id,
    version: current.version + 1,
  };
  await replaceLayout(next, current.version);
  await auditAction(
    actor,
    ip,
    'layoutUpdated',
    { type: 'layout', id: next._id, name: next.name },
    { changes: diffFields(current.body, body, AUDITED_SLOTS) },
  );
  return populated(next, rows);
}
