/**
 * The home-page layout (CONTRACT.md §3 Layout): headlines (at most 5), top stories (at most 7), one cover story and
 * sections of a category, videos or galleries. The API also refuses articles that are not Published, and Pages.
 */
import { type ArticleStatus, type ArticleType, MAX_HEADLINES, MAX_TOP_STORIES, SECTION_TEMPLATES } from '../constants';
import { idField, requiredText, versionField } from './common';
import * as z from './z';

/** CONTRACT.md §2 offers Advertisement as a section type but it does nothing: the API does not store one. */
export const SECTION_TYPES = ['Category', 'Video', 'Gallery'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
export const OFFERED_SECTION_TYPES = [...SECTION_TYPES, 'Advertisement'] as const;

/** What the home page shows: news. A Page (About us, Contact) is never a headline, a top story or the cover. */
export const HOME_ARTICLE_TYPES = ['Article', 'Blog', 'Video', 'Gallery'] as const satisfies readonly ArticleType[];
export type HomeArticleType = (typeof HOME_ARTICLE_TYPES)[number];
export const isHomeArticleType = (type: string): type is HomeArticleType =>
  (HOME_ARTICLE_TYPES as readonly string[]).includes(type);

export const MAX_SECTIONS = 30;
export const MAX_SECTION_ARTICLES = 30;

export const LAYOUT_MESSAGES = {
  headlines: `At most ${MAX_HEADLINES} headlines`,
  topStory: `At most ${MAX_TOP_STORIES} top stories`,
  duplicate: 'An article appears twice in the same list',
  category: 'Choose the category of this section',
  notPublished: 'Only published articles can be placed on the home page',
  notNews: 'Only articles, blogs, videos and galleries can be placed on the home page',
  wrongType: 'This section takes only articles of its type',
  sectionType: 'Sections are Category, Video or Gallery',
  template: 'Choose a template',
  color: 'Enter the colour as #rrggbb',
} as const;

/** A section's look, one of SECTION_TEMPLATES. */
export type TemplateValue = (typeof SECTION_TEMPLATES)[number]['value'];
const TEMPLATE_VALUES = SECTION_TEMPLATES.map((t) => t.value) as [TemplateValue, ...TemplateValue[]];

const unique = (ids: string[]) => new Set(ids).size === ids.length;

const idList = (max: number, tooMany: string) =>
  z.array(idField).check(z.maxLength(max, tooMany), z.refine(unique, LAYOUT_MESSAGES.duplicate));

export const layoutSectionSchema = z
  .object({
    type: z.enum(SECTION_TYPES, LAYOUT_MESSAGES.sectionType),
    category: z.optional(z.nullable(idField)),
    articles: idList(MAX_SECTION_ARTICLES, `At most ${MAX_SECTION_ARTICLES} articles in a section`),
    name: requiredText('Section name is required', 100),
    template: z.enum(TEMPLATE_VALUES, LAYOUT_MESSAGES.template),
    color: z.string({ error: LAYOUT_MESSAGES.color }).check(z.regex(/^#[0-9a-fA-F]{6}$/, LAYOUT_MESSAGES.color)),
  })
  .check(
    z.refine((s) => s.type !== 'Category' || Boolean(s.category), {
      message: LAYOUT_MESSAGES.category,
      path: ['category'],
    }),
  );
export type LayoutSectionInput = z.infer<typeof layoutSectionSchema>;

export const layoutBodySchema = z.object({
  headlines: idList(MAX_HEADLINES, LAYOUT_MESSAGES.headlines),
  topStory: idList(MAX_TOP_STORIES, LAYOUT_MESSAGES.topStory),
  coverStory: z.nullable(idField),
  sections: z.array(layoutSectionSchema).check(z.maxLength(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections`)),
});
export type LayoutBodyInput = z.infer<typeof layoutBodySchema>;

/** PATCH /layout/{id}: the full layout and the version it was read at. */
export const layoutUpdateSchema = z.object({ version: versionField, body: layoutBodySchema });
export type LayoutUpdateInput = z.infer<typeof layoutUpdateSchema>;

// ---- What the API returns (types only) ----

/** An article as the layout shows it (GET /layout/home fills in every placed id). */
export interface PlacedArticle {
  _id: string;
  title: string;
  type: ArticleType;
  status: ArticleStatus;
  url: string;
  publishDate: string | null;
  /** The cover image; undefined when not known yet (a search result: list rows carry no image). */
  imageUrl?: string | null;
}

export interface HomeLayoutSection {
  type: SectionType;
  category: { _id: string; name: string } | null;
  articles: PlacedArticle[];
  name: string;
  template: TemplateValue;
  color: string;
}

export interface HomeLayoutBody {
  headlines: PlacedArticle[];
  topStory: PlacedArticle[];
  coverStory: PlacedArticle | null;
  sections: HomeLayoutSection[];
}

/** GET /layout/home and PATCH /layout/{id}: the one layout, its articles and categories filled in. */
export interface HomeLayout {
  _id: string;
  name: string;
  version: number;
  updatedAt: string;
  body: HomeLayoutBody;
}
