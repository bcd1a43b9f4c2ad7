/**
 * Articles of the five types (CONTRACT.md §3, §5): one schema per type, built from shared fields, used by the editors
 * (react-hook-form) and by the API, which also checks the files and categories the article references.
 */
import { ARTICLE_SORTS, SORT_ORDERS } from '../article-sort';
import { ARTICLE_TYPES, type ArticleType, ARTICLE_TEXT_LIMITS as LIMITS, REVIEW_NOTE_MAX } from '../constants';
import { WORKFLOW_ACTIONS } from '../workflow';
import { editorHasContent, MAX_SECTIONS, sectionSchema } from './article-body';
import { checkInput } from './check';
import {
  dateTimeField,
  idField,
  KEYWORDS_LIMIT_MESSAGE,
  linkText,
  optionalSeoFields,
  optionalText,
  requiredId,
  requiredSeoFields,
  requiredText,
  versionField,
} from './common';
import { cursorField, dateRangeFields, pagingFields } from './list-query';
import { slugField } from './slug-field';
import * as z from './z';

export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 50;
export const MAX_MEDIA_ITEMS = 100;
/** An article's stored content (sections, videos, gallery) must fit one DynamoDB item (400 KB) with room. */
export const MAX_CONTENT_BYTES = 300 * 1024;

export const ARTICLE_MESSAGES = {
  title: 'Title is required',
  categories: 'Select at least one category',
  user: 'Author is required',
  description: 'Description is required',
  seoTitle: 'SEO title is required',
  seoDescription: 'SEO description is required',
  keywords: KEYWORDS_LIMIT_MESSAGE,
  sectionContent: 'Section content is required',
  publishDate: 'Publish date is required',
  cover: 'Cover image is required',
  url: 'Enter a valid URL starting with http:// or https://',
  video: 'Add a video link or upload an mp4',
  videos: 'Add at least one video',
  galleryItem: 'Add an image link or upload an image',
  gallery: 'Add at least one image',
  tooLong: 'The article is too long to save (over 300 KB of content); split it into several articles',
} as const;

/** Canonical, video and gallery links: absolute http(s) only (the shared rule of shared/links.ts). */
const urlText = (max: number = LIMITS.link) => linkText({ max, message: ARTICLE_MESSAGES.url, absoluteOnly: true });

const sectionsWithContent = z.array(sectionSchema).check(
  z.minLength(1, ARTICLE_MESSAGES.sectionContent),
  z.maxLength(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections`),
  z.superRefine((sections, ctx) => {
    sections.forEach((s, i) => {
      if (!editorHasContent(s.body)) {
        ctx.issues.push({ code: 'custom', message: ARTICLE_MESSAGES.sectionContent, path: [i, 'body'], input: s });
      }
    });
  }),
);

/** A video (a video-sharing link or an uploaded mp4) or a gallery image (a link or an upload), with a caption. */
const mediaItem = (missing: string) =>
  z
    .object({
      url: z.optional(urlText()),
      description: optionalText(LIMITS.caption),
      file: z.optional(z.nullable(idField)),
    })
    .check(
      z.refine((item) => Boolean(item.file) || Boolean(item.url), {
        message: missing,
        path: ['url'],
      }),
    );
export const videoItemSchema = mediaItem(ARTICLE_MESSAGES.video);
export const galleryItemSchema = mediaItem(ARTICLE_MESSAGES.galleryItem);
export type MediaItem = z.infer<typeof videoItemSchema>;

const tagsField = z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TAG_LENGTH))).check(
  z.maxLength(MAX_TAGS, `At most ${MAX_TAGS} tags`),
  z.refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, 'Tags must not repeat'),
);

const categoriesRequired = z
  .array(idField, { error: ARTICLE_MESSAGES.categories })
  .check(z.minLength(1, ARTICLE_MESSAGES.categories), z.maxLength(20, 'At most 20 categories'));

/** Fields every type has, optional unless a type requires them. */
const baseFields = {
  title: requiredText(ARTICLE_MESSAGES.title, LIMITS.title),
  /** The article's address on the site; made from the title when left out (shared/slug.ts). */
  slug: slugField,
  categories: z.optional(z.array(idField).check(z.maxLength(20, 'At most 20 categories'))),
  user: z.optional(idField),
  description: optionalText(LIMITS.description),
  canonicalUrl: z.optional(urlText()),
  seo: z.optional(optionalSeoFields),
  body: z.optional(z.array(sectionSchema).check(z.maxLength(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections`))),
  image: z.optional(z.nullable(idField)),
  imageAlt: optionalText(LIMITS.imageAlt),
  imageTitle: optionalText(LIMITS.imageTitle),
  publishDate: z.optional(z.nullable(dateTimeField(ARTICLE_MESSAGES.publishDate))),
  isSponsored: z.optional(z.boolean()),
  tags: z.optional(tagsField),
  videos: z.optional(z.array(videoItemSchema).check(z.maxLength(MAX_MEDIA_ITEMS))),
  gallery: z.optional(z.array(galleryItemSchema).check(z.maxLength(MAX_MEDIA_ITEMS))),
};

/**
 * The publish date the types that require one take: a date, or null for "Publish immediately", which the API dates
 * the moment the story goes live (a draft keeps none, so it is never dated when it was begun). Left out, it is
 * refused ('Publish date is required'); once live a story always has one.
 */
const publishDateField = z.nullable(dateTimeField(ARTICLE_MESSAGES.publishDate));

/** Article and Blog: CONTRACT.md §5 "title, categories, user, section content and publish date required". */
const writtenFields = {
  ...baseFields,
  categories: categoriesRequired,
  user: requiredId(ARTICLE_MESSAGES.user),
  body: sectionsWithContent,
  publishDate: publishDateField,
};

/** Video and Gallery: CONTRACT.md §5's list, plus at least one video or image. */
const mediaFields = {
  ...baseFields,
  categories: categoriesRequired,
  user: requiredId(ARTICLE_MESSAGES.user),
  description: requiredText(ARTICLE_MESSAGES.description, LIMITS.description),
  seo: requiredSeoFields,
  publishDate: publishDateField,
};

/**
 * Each type's fields (CONTRACT.md §5): what its editor's form validates, and what a create or a save of it must carry.
 */
const SHAPES = {
  Article: writtenFields,
  Blog: writtenFields,
  Video: {
    ...mediaFields,
    videos: z.array(videoItemSchema).check(z.minLength(1, ARTICLE_MESSAGES.videos), z.maxLength(MAX_MEDIA_ITEMS)),
  },
  Gallery: {
    ...mediaFields,
    image: requiredId(ARTICLE_MESSAGES.cover),
    gallery: z.array(galleryItemSchema).check(z.minLength(1, ARTICLE_MESSAGES.gallery), z.maxLength(MAX_MEDIA_ITEMS)),
  },
  /** Page: title and body blocks; no categories, author or date of its own (the author is whoever writes it). */
  Page: { ...baseFields, body: sectionsWithContent },
} as const;

const SCHEMAS = {
  Article: z.object(SHAPES.Article),
  Blog: z.object(SHAPES.Blog),
  Video: z.object(SHAPES.Video),
  Gallery: z.object(SHAPES.Gallery),
  Page: z.object(SHAPES.Page),
} as const;

/** Everything any type may carry (each type's schema requires some of it). */
const anyTypeSchema = z.object(baseFields);
export type ArticleFields = z.infer<typeof anyTypeSchema>;
export type ArticleContentInput = z.input<typeof anyTypeSchema>;

/** The content schema of one type (what the editor's form validates). */
export const articleSchemaFor = <T extends ArticleType>(type: T): (typeof SCHEMAS)[T] => SCHEMAS[type];

/** What a save of an article of this (stored) type still lacks (CONTRACT.md §5), or undefined when it has it all. */
export function articleTypeProblem(type: ArticleType, fields: ArticleFields): string | undefined {
  const checked = checkInput<unknown>(SCHEMAS[type], fields);
  return checked.ok ? undefined : checked.problem;
}

export const articleTypeField = z.enum(ARTICLE_TYPES, { error: 'Choose the kind of article' });
export const isArticleType = (value: string): value is ArticleType =>
  (ARTICLE_TYPES as readonly string[]).includes(value);
export const workflowActionField = z.enum(WORKFLOW_ACTIONS, { error: 'Unknown action' });

/** POST /cms/create of one type: the type, what the button asked for (Save, Publish, …; save when left out), the content. */
const createBodyOf = <T extends ArticleType>(type: T) =>
  z.object({ type: z.literal(type), action: z.optional(workflowActionField), ...SHAPES[type] });

/** POST /cms/create: told apart by `type`, each type with the fields it requires. */
export const articleCreateSchema = z.discriminatedUnion(
  'type',
  [createBodyOf('Article'), createBodyOf('Blog'), createBodyOf('Video'), createBodyOf('Gallery'), createBodyOf('Page')],
  { error: (issue) => (issue.code === 'invalid_union' ? 'Choose the kind of article' : undefined) },
);
export type ArticleCreateInput = z.infer<typeof articleCreateSchema>;

const versionAndAction = { version: versionField, action: workflowActionField };

export const REVIEW_NOTE_REQUIRED = 'Say what the author should change (a note is required to reject)';
/**
 * A reject's note to the author: required for `reject` (the API checks it, since the schema does not see the
 * action), ignored for every other action. Cleaned like every stored text.
 */
export const reviewNoteField = z.optional(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(REVIEW_NOTE_MAX, `At most ${REVIEW_NOTE_MAX} characters`),
      z.describe(
        `reject only, and required there: what the author should change (at most ${REVIEW_NOTE_MAX} characters). The author sees it on the article, in its history and on their dashboard.`,
      ),
    ),
);

/**
 * PATCH /cms/{id} takes two forms: a list action (`move`: the version read and the action, the content stays)
 * and an editor's save (`save`: the same with the content). A save carries the fields every type may have; what
 * the article's own type requires is checked against the stored record (articleTypeProblem).
 */
const ARTICLE_FORM_NAMES = ['save', 'move'] as const;
/** `form`: which of the two the body is. Optional: without it, a body with a title is a save (the contract's shapes). */
const formField = z.optional(
  z
    .enum(ARTICLE_FORM_NAMES, 'form is save or move')
    .check(
      z.describe(
        "'save' (an editor's save, with the fields) or 'move' (a list action); without it, a body with a title is a save",
      ),
    ),
);

export const ARTICLE_UPDATE_FORMS = {
  move: z.object({ form: formField, ...versionAndAction, note: reviewNoteField }),
  save: z.object({ form: formField, ...versionAndAction, note: reviewNoteField, ...baseFields }),
};

/**
 * Which form a PATCH body is: its `form` when it names one; otherwise, as the contract's bodies are told apart, a
 * body with a title is a save from an editor and one without is a list action (a `form` naming neither is then
 * refused by that form's schema).
 */
export function articleUpdateForm(body: unknown): keyof typeof ARTICLE_UPDATE_FORMS {
  if (typeof body !== 'object' || body === null) return 'move';
  const form = (body as { form?: unknown }).form;
  if (form === 'save' || form === 'move') return form;
  return 'title' in body ? 'save' : 'move';
}

/**
 * POST /cms/{id}/autosave: what the editor holds while its user types, saved as that user's autosave of the
 * article; a title may still be empty. The same field rules as a save, so what comes back is clean.
 */
export const articleAutosaveSchema = z.object({
  baseVersion: versionField,
  fields: z.object({ ...baseFields, title: optionalText(LIMITS.title) }),
});
export type ArticleAutosaveInput = z.infer<typeof articleAutosaveSchema>;

/** POST /cms/{id}/lock: take the edit lock, or refresh it; `takeOver` takes it from whoever holds it. */
export const articleLockSchema = z.object({ takeOver: z.optional(z.boolean()) });

/** POST /cms/{id}/discard and POST /cms/{id}/revisions/{number}/restore: the version the editor read. */
export const articleVersionSchema = z.object({ version: versionField });

/** The list's query (GET /cms): tab/status, free text over titles, created-date range, categories, type. */
export const articleListQuerySchema = z.object({
  ...pagingFields(),
  cursor: cursorField,
  status: z.optional(z.string()),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is too long'))),
  /** Created on a day or between two instants. */
  ...dateRangeFields,
  /** Comma-separated category ids: an article in any of them matches. */
  categories: z.optional(z.string().check(z.maxLength(27 * 20))),
  type: z.optional(articleTypeField),
  /** Comma-separated types: an article of any of them matches (the home page's pickers: no Pages). */
  types: z.optional(
    z
      .string()
      .check(z.refine((value) => value.split(',').every(isArticleType), 'types lists article types, comma-separated')),
  ),
  /** `true`: each row also carries its cover image's URL (`imageUrl`), for pickers that show thumbnails. */
  images: z.optional(z.enum(['true', 'false'], 'images is true or false')),
  /** The date the list is ordered by (shared/article-sort.ts says which tab each needs). */
  sort: z.optional(z.enum(ARTICLE_SORTS, 'Sort by created, updated or publishDate')),
  order: z.optional(z.enum(SORT_ORDERS, 'Order is desc or asc')),
  /** The author's user id: their articles only (the list's author filter and Mine), from their own listing. */
  author: z.optional(idField.check(z.describe("An author's user id: only the articles they author."))),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

/** GET /cms/counts: every status's total, or one author's (the tabs while the list is filtered by author). */
export const articleCountsQuerySchema = z.object({
  author: z.optional(idField.check(z.describe("An author's user id: their totals by status."))),
});
export type ArticleCountsQuery = z.infer<typeof articleCountsQuerySchema>;

/** POST /cms/getHtml/: an uploaded (verified) PDF of purpose `import-document`. */
export const importDocumentSchema = z.object({ asset: idField });

/** The list tabs' statuses: CONTRACT.md §3 calls the published tab `Publish`. */
export const TAB_STATUS: Record<string, string> = { Draft: 'Draft', Publish: 'Published' };
