/**
 * An article's body: sections of Editor.js blocks, each block type with its exact saved data (an unknown field is
 * refused, not stored). The editors, the preview and the API share it; shared/rich-text.ts cleans the HTML inside.
 */
import { ARTICLE_TEXT_LIMITS, MAX_INLINE_HTML_LENGTH } from '../constants';
import { isSafeLink } from '../links';
import { optionalText } from './common';
import * as z from './z';

/** Editor.js block types the editors offer and the preview renders; anything else is refused. */
export const EDITOR_BLOCK_TYPES = ['paragraph', 'header', 'list', 'quote', 'image', 'delimiter'] as const;
export type EditorBlockType = (typeof EDITOR_BLOCK_TYPES)[number];

export const MAX_SECTIONS = 50;
export const MAX_BLOCKS_PER_SECTION = 500;

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

export const INLINE_HTML_TOO_LONG = `A paragraph, heading, list item, quote or caption holds at most ${MAX_INLINE_HTML_LENGTH.toLocaleString('en-US')} characters, formatting included; split it into shorter ones`;

/**
 * Inline HTML as Editor.js saves it (b, i, a, …); shared/rich-text.ts cleans it before it is stored. Its length is
 * checked here, before anything parses it.
 */
const inlineHtml = z.string().check(z.maxLength(MAX_INLINE_HTML_LENGTH, INLINE_HTML_TOO_LONG));

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

/**
 * A top-level list entry: a v2 item, or a v1 string. When both fail, the reason of the one it looks like is told:
 * the string's for a string, the item's otherwise.
 */
const listEntry = z.union([inlineHtml, listItemSchema(1)], {
  error: (issue) =>
    issue.code === 'invalid_union' ? issue.errors[typeof issue.input === 'string' ? 0 : 1]?.[0]?.message : undefined,
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

/**
 * The text of inline HTML, roughly: each `<` up to the next `>` left out, `&nbsp;` as a space, trimmed. One pass:
 * the regular expression it replaces (`/<[^>]*>/g`) searched the rest of the text from every `<` with no `>`
 * after it, so a field of `<` took the square of its length.
 */
function stripTags(html: string): string {
  const parts: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open === -1 ? -1 : html.indexOf('>', open + 1);
    if (close === -1) {
      parts.push(html.slice(at));
      break;
    }
    parts.push(html.slice(at, open));
    at = close + 1;
  }
  return parts
    .join('')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

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
  title: optionalText(ARTICLE_TEXT_LIMITS.sectionTitle),
  body: editorDataSchema,
});
export type Section = z.infer<typeof sectionSchema>;
