/**
 * Articles of the five types (SPEC §3, §5): one schema per type, built from shared fields, used by the editors
 * (react-hook-form) and by the API, which also checks the files and categories the article references.
 */
import { ARTICLE_TYPES, type ArticleType } from '../constants';
import { isSafeLink } from '../links';
import { WORKFLOW_ACTIONS } from '../workflow';
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
import * as z from './z';

/** Editor.js block types the editors offer and the preview renders; anything else is refused. */
export const EDITOR_BLOCK_TYPES = ['paragraph', 'header', 'list', 'quote', 'image', 'delimiter'] as const;
export type EditorBlockType = (typeof EDITOR_BLOCK_TYPES)[number];

export const MAX_SECTIONS = 50;
export const MAX_BLOCKS_PER_SECTION = 500;
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
const urlText = (max = 1000) => linkText({ max, message: ARTICLE_MESSAGES.url, absoluteOnly: true });

/** Images in rich text are our uploads (`/media/…`) or https links; never `javascript:` or `data:` URLs. */
const SAFE_IMAGE_URL = /^(\/media\/[\w./-]+|https:\/\/[^\s"'<>]+)$/;
export const isSafeImageUrl = (url: string) => SAFE_IMAGE_URL.test(url) && isSafeLink(url);
export const IMAGE_URL_MESSAGE = 'An image in the text must be an uploaded file or an https link';

/**
 * Lists nest at most this deep: DynamoDB stores at most 32 levels of nesting, and each list level takes two
 * under the section's own six.
 */
export const MAX_LIST_DEPTH = 10;

export const LIST_STYLES = ['ordered', 'unordered', 'checklist'] as const;
/** @editorjs/list v2's numbering of ordered lists. */
export const LIST_COUNTER_TYPES = ['numeric', 'lower-roman', 'upper-roman', 'lower-alpha', 'upper-alpha'] as const;
export const QUOTE_ALIGNMENTS = ['left', 'center'] as const;

const UNSUPPORTED_BLOCK = 'This kind of content block is not supported';

/** A strict object whose unknown keys are refused with a message naming them and where they were. */
function strictFields<S extends z.core.$ZodLooseShape>(shape: S, where: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.map((k) => `"${k}"`).join(', ')} in ${where}`
        : undefined,
  });
}

/** Inline HTML as Editor.js saves it (b, i, a, …); shared/rich-text.ts cleans it before it is stored. */
const inlineHtml = z.string();

/** One item of an @editorjs/list v2 list, with its own sub-list (at most MAX_LIST_DEPTH levels in all). */
export interface EditorListItem {
  content: string;
  meta?: { checked?: boolean };
  items?: EditorListItem[];
}

const listItemMeta = strictFields({ checked: z.optional(z.boolean()) }, "a list item's meta");

function listItemSchema(depth: number): z.ZodMiniType<EditorListItem> {
  const items =
    depth < MAX_LIST_DEPTH
      ? z.array(listItemSchema(depth + 1))
      : (z
          .array(z.unknown())
          .check(z.maxLength(0, `Lists nest at most ${MAX_LIST_DEPTH} levels deep`)) as z.ZodMiniType<
          EditorListItem[]
        >);
  return strictFields({ content: inlineHtml, meta: z.optional(listItemMeta), items: z.optional(items) }, 'a list item');
}

/** A top-level list entry: a v2 item, or a v1 string. When both fail, the item's reason is the one to tell. */
const listEntry = z.union([inlineHtml, listItemSchema(1)], {
  error: (issue) => (issue.code === 'invalid_union' ? issue.errors[1]?.[0]?.message : undefined),
});

/** Each Editor.js tool's saved data, exactly: an unknown field is refused, not stored. */
const BLOCK_DATA = {
  paragraph: strictFields({ text: inlineHtml }, 'a paragraph block'),
  header: strictFields(
    { text: inlineHtml, level: z.optional(z.int().check(z.minimum(1), z.maximum(6))) },
    'a header block',
  ),
  list: strictFields(
    {
      style: z.enum(LIST_STYLES),
      meta: z.optional(
        strictFields(
          { start: z.optional(z.int()), counterType: z.optional(z.enum(LIST_COUNTER_TYPES)) },
          "a list block's meta",
        ),
      ),
      // @editorjs/list v2 items, or the plain strings of the v1 list tool.
      items: z.array(listEntry),
    },
    'a list block',
  ),
  quote: strictFields(
    { text: inlineHtml, caption: z.optional(inlineHtml), alignment: z.optional(z.enum(QUOTE_ALIGNMENTS)) },
    'a quote block',
  ),
  image: strictFields(
    {
      file: strictFields({ url: z.string().check(z.refine(isSafeImageUrl, IMAGE_URL_MESSAGE)) }, "an image's file"),
      caption: z.optional(inlineHtml),
      withBorder: z.optional(z.boolean()),
      stretched: z.optional(z.boolean()),
      withBackground: z.optional(z.boolean()),
    },
    'an image block',
  ),
  delimiter: strictFields({}, 'a delimiter block'),
} satisfies Record<EditorBlockType, z.ZodMiniType>;

const blockId = z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/, 'Not a valid block id')));

const blockOf = <T extends EditorBlockType>(type: T) =>
  strictFields({ id: blockId, type: z.literal(type), data: BLOCK_DATA[type] }, `a ${type} block`);

/** One block, by its type; a type without a schema here is refused (fail closed). */
export const editorBlockSchema = z.discriminatedUnion(
  'type',
  [blockOf('paragraph'), blockOf('header'), blockOf('list'), blockOf('quote'), blockOf('image'), blockOf('delimiter')],
  { error: (issue) => (issue.code === 'invalid_union' ? UNSUPPORTED_BLOCK : undefined) },
);
export type EditorBlock = z.infer<typeof editorBlockSchema>;
export type EditorBlockOf<T extends EditorBlockType> = Extract<EditorBlock, { type: T }>;

/** Editor.js's saved data. Its HTML is cleaned by shared/rich-text.ts on every write and read. */
export const editorDataSchema = strictFields(
  {
    time: z.optional(z.number()),
    version: z.optional(z.string().check(z.maxLength(20))),
    blocks: z.array(editorBlockSchema).check(z.maxLength(MAX_BLOCKS_PER_SECTION, 'A section has too many blocks')),
  },
  'a section body',
);
export type EditorData = z.infer<typeof editorDataSchema>;

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

const listHasText = (items: readonly (string | EditorListItem)[] | undefined): boolean =>
  (items ?? []).some((i) =>
    typeof i === 'string' ? stripTags(i) !== '' : stripTags(i.content) !== '' || listHasText(i.items),
  );

/** Whether a block carries something a reader would see (an empty paragraph does not). */
export function blockHasContent(block: EditorBlock): boolean {
  switch (block.type) {
    case 'paragraph':
    case 'header':
    case 'quote':
      return stripTags(block.data.text) !== '';
    case 'list':
      return listHasText(block.data.items);
    case 'image':
      return typeof block.data.file.url === 'string';
    default:
      return false;
  }
}

export const editorHasContent = (data: EditorData | undefined) => (data?.blocks ?? []).some(blockHasContent);

export const emptyEditorData = (): EditorData => ({ blocks: [] });

export const sectionSchema = z.object({
  /** The sub-headline (Page: the block's header). */
  title: optionalText(300),
  body: editorDataSchema,
});
export type Section = z.infer<typeof sectionSchema>;

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
      description: optionalText(1000),
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
  title: requiredText(ARTICLE_MESSAGES.title, 300),
  categories: z.optional(z.array(idField).check(z.maxLength(20, 'At most 20 categories'))),
  user: z.optional(idField),
  description: optionalText(2000),
  canonicalUrl: z.optional(urlText()),
  seo: z.optional(optionalSeoFields),
  body: z.optional(z.array(sectionSchema).check(z.maxLength(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections`))),
  image: z.optional(z.nullable(idField)),
  imageAlt: optionalText(300),
  imageTitle: optionalText(300),
  publishDate: z.optional(z.nullable(dateTimeField(ARTICLE_MESSAGES.publishDate))),
  isSponsored: z.optional(z.boolean()),
  tags: z.optional(tagsField),
  videos: z.optional(z.array(videoItemSchema).check(z.maxLength(MAX_MEDIA_ITEMS))),
  gallery: z.optional(z.array(galleryItemSchema).check(z.maxLength(MAX_MEDIA_ITEMS))),
};

/** Article and Blog: SPEC §5 "title, categories, user, section content and publish date required". */
const writtenFields = {
  ...baseFields,
  categories: categoriesRequired,
  user: requiredId(ARTICLE_MESSAGES.user),
  body: sectionsWithContent,
  publishDate: dateTimeField(ARTICLE_MESSAGES.publishDate),
};

/** Video and Gallery: SPEC §5's list, plus at least one video or image. */
const mediaFields = {
  ...baseFields,
  categories: categoriesRequired,
  user: requiredId(ARTICLE_MESSAGES.user),
  description: requiredText(ARTICLE_MESSAGES.description, 2000),
  seo: requiredSeoFields,
  publishDate: dateTimeField(ARTICLE_MESSAGES.publishDate),
};

const SCHEMAS = {
  Article: z.object(writtenFields),
  Blog: z.object(writtenFields),
  Video: z.object({
    ...mediaFields,
    videos: z.array(videoItemSchema).check(z.minLength(1, ARTICLE_MESSAGES.videos), z.maxLength(MAX_MEDIA_ITEMS)),
  }),
  Gallery: z.object({
    ...mediaFields,
    image: requiredId(ARTICLE_MESSAGES.cover),
    gallery: z.array(galleryItemSchema).check(z.minLength(1, ARTICLE_MESSAGES.gallery), z.maxLength(MAX_MEDIA_ITEMS)),
  }),
  /** Page: title and body blocks; no categories, author or date of its own (the author is whoever writes it). */
  Page: z.object({ ...baseFields, body: sectionsWithContent }),
} as const;

/** Everything any type may carry (each type's schema requires some of it). */
const anyTypeSchema = z.object(baseFields);
export type ArticleFields = z.infer<typeof anyTypeSchema>;
export type ArticleContentInput = z.input<typeof anyTypeSchema>;

/** The content schema of one type (what the editor's form validates). */
export const articleSchemaFor = <T extends ArticleType>(type: T): (typeof SCHEMAS)[T] => SCHEMAS[type];

/** The same schema, typed as the stored shape every type shares (what the API parses into). */
export const articleFieldsSchemaFor = (type: ArticleType): z.ZodMiniType<ArticleFields> => SCHEMAS[type];

export const articleTypeField = z.enum(ARTICLE_TYPES, { error: 'Choose the kind of article' });
export const workflowActionField = z.enum(WORKFLOW_ACTIONS, { error: 'Unknown action' });

/** POST /cms/create: the content, its type, and what the button asked for (Save, Publish, …). */
export const articleCreateEnvelope = z.object({
  type: articleTypeField,
  action: z.optional(workflowActionField),
});

/** PATCH /cms/{id}: the version read and the action; the content too when an editor saves (title present). */
export const articleUpdateEnvelope = z.object({
  version: versionField,
  action: workflowActionField,
});
export type ArticleUpdateEnvelope = z.infer<typeof articleUpdateEnvelope>;

/** The list's query (GET /cms): tab/status, free text over titles, created-date range, categories, type. */
export const articleListQuerySchema = z.object({
  status: z.optional(z.string()),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is too long'))),
  /** A day (YYYY-MM-DD, UTC) or an explicit range of instants (the web app sends the local day's bounds). */
  date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD'))),
  from: z.optional(dateTimeField('Enter a valid date')),
  to: z.optional(dateTimeField('Enter a valid date')),
  /** Comma-separated category ids: an article in any of them matches. */
  categories: z.optional(z.string().check(z.maxLength(27 * 20))),
  type: z.optional(articleTypeField),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

/** POST /cms/getHtml/: an uploaded (verified) PDF of purpose `import-document`. */
export const importDocumentSchema = z.object({ asset: idField });

/** The list tabs' statuses: SPEC calls the published tab `Publish`. */
export const TAB_STATUS: Record<string, string> = { Draft: 'Draft', Publish: 'Published' };
