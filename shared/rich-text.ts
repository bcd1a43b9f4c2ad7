/**
 * The one allow-list for the HTML inside an article's rich text, and the function that enforces it. The API
 * cleans every section on every write and again on read; the editor cleans what it is handed before Editor.js
 * puts it in the page; the preview renders only what this returns. sanitize-html parses with htmlparser2, so
 * the same code runs in a Lambda (no DOM) and in the browser.
 */
import sanitizeHtml from 'sanitize-html';
import { MAX_INLINE_HTML_DEPTH } from './constants';
import { limitNesting } from './html-nesting';
import { isSafeLink } from './links';
import {
  type EditorBlock,
  type EditorBlockOf,
  type EditorBlockType,
  type EditorData,
  type EditorListItem,
  isSafeImageUrl,
  LIST_COUNTER_TYPES,
  LIST_STYLES,
  MAX_LIST_DEPTH,
  QUOTE_ALIGNMENTS,
  type Section,
} from './schemas/article-body';

/**
 * What Editor.js's inline toolbar makes (b, i, a) and what a Word import or a paste brings that is worth
 * keeping (strong, em, u, code, mark, br). Everything else is dropped, its text kept.
 */
export const INLINE_TAGS = ['b', 'i', 'u', 'a', 'code', 'mark', 'br', 'em', 'strong'] as const;

/** Every link in text opens in a new tab, without handing the article's window to the page it opens. */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer';

/** Elements whose content is not text a reader should see: dropped with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'svg',
  'math',
];

const MAILTO = /^mailto:[\w.+-]+@[\w-]+(\.[\w-]+)+$/i;
const ANCHOR = /^#[\w-]+$/;

/** Where a link inside text may point: the shared link rule (http, https, a site path), an e-mail, an anchor. */
export function isSafeTextLink(href: string): boolean {
  return isSafeLink(href) || MAILTO.test(href) || ANCHOR.test(href);
}

/** A link's attributes rebuilt from scratch: the href only when it is safe, then the forced target and rel. */
function linkAttributes(href: string | undefined): Record<string, string> {
  const link = href?.trim() ?? '';
  return { ...(isSafeTextLink(link) ? { href: link } : {}), target: LINK_TARGET, rel: LINK_REL };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...INLINE_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // Checked again by sanitize-html after linkAttributes, which is the real rule (it also sees `java&#x09;script:`
  // decoded, as the browser would).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // No style attribute is allowed, so postcss (which sanitize-html needs only to parse styles) is never called:
  // the Lambdas bundle a stand-in for it (infra/aws/stand-ins/postcss.ts).
  parseStyleAttributes: false,
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs.href) }) },
};

/**
 * Inline HTML reduced to INLINE_TAGS: other tags dropped (their text kept, except script, style and the like),
 * every attribute dropped but a safe `href`, text re-escaped (entities come out normalized), tags nested deeper
 * than MAX_INLINE_HTML_DEPTH dropped (their text kept). Idempotent, and in time linear in the length.
 */
export function sanitizeInlineHtml(html: string): string {
  // sanitize-html's parser slows with the square of the depth of open tags: bounded first, in one linear pass.
  const bounded = limitNesting(html, MAX_INLINE_HTML_DEPTH);
  // `<br>` as Editor.js writes it, so a clean text is stored exactly as the editor saves it.
  return sanitizeHtml(bounded, OPTIONS).replace(/<br \/>/g, '<br>');
}

// ---------------------------------------------------------------- Editor.js data

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
const isFields = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
const html = (value: unknown) => sanitizeInlineHtml(typeof value === 'string' ? value : '');
const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  (allowed as readonly unknown[]).includes(value);
/** `{ [key]: value }` when the value passes, `{}` otherwise: optional fields stay absent, never undefined. */
const optional = <K extends string, V>(key: K, value: unknown, keep: (v: unknown) => v is V) =>
  (keep(value) ? { [key]: value } : {}) as { [P in K]?: V };
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isHeaderLevel = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 6;

function cleanListItem(value: unknown, depth: number): string | EditorListItem | undefined {
  if (typeof value === 'string') return html(value);
  if (!isFields(value)) return undefined;
  const item = fieldsOf(value);
  const children = Array.isArray(item.items) && depth < MAX_LIST_DEPTH ? item.items : [];
  return {
    content: html(item.content),
    ...(isFields(item.meta) ? { meta: optional('checked', fieldsOf(item.meta).checked, isBoolean) } : {}),
    ...('items' in item ? { items: cleanNestedItems(children, depth + 1) } : {}),
  };
}

/** Below the first level only v2 items ({ content, meta, items }) exist. */
const cleanNestedItems = (items: unknown[], depth: number): EditorListItem[] =>
  items.flatMap((i) => {
    const item = isFields(i) ? cleanListItem(i, depth) : undefined;
    return item && typeof item !== 'string' ? [item] : [];
  });

const cleanListItems = (items: unknown): (string | EditorListItem)[] =>
  (Array.isArray(items) ? items : []).flatMap((i) => {
    const item = cleanListItem(i, 1);
    return item === undefined ? [] : [item];
  });

function cleanListMeta(value: unknown) {
  const meta = fieldsOf(value);
  return {
    ...optional('start', meta.start, Number.isInteger as (v: unknown) => v is number),
    ...optional('counterType', meta.counterType, (v): v is (typeof LIST_COUNTER_TYPES)[number] =>
      oneOf(LIST_COUNTER_TYPES, v),
    ),
  };
}

/**
 * Each tool's data rebuilt from the fields its schema knows, every HTML string cleaned; undefined drops the
 * block (an image without a safe url). What passed the strict schema comes out with the same shape.
 */
const BLOCK_CLEANERS: { [T in EditorBlockType]: (data: Fields) => EditorBlockOf<T>['data'] | undefined } = {
  paragraph: (data) => ({ text: html(data.text) }),
  header: (data) => ({ text: html(data.text), ...optional('level', data.level, isHeaderLevel) }),
  list: (data) => ({
    style: oneOf(LIST_STYLES, data.style) ? data.style : 'unordered',
    ...(isFields(data.meta) ? { meta: cleanListMeta(data.meta) } : {}),
    items: cleanListItems(data.items),
  }),
  quote: (data) => ({
    text: html(data.text),
    ...(isString(data.caption) ? { caption: html(data.caption) } : {}),
    ...optional('alignment', data.alignment, (v): v is (typeof QUOTE_ALIGNMENTS)[number] => oneOf(QUOTE_ALIGNMENTS, v)),
  }),
  image: (data) => {
    const url = fieldsOf(data.file).url;
    if (typeof url !== 'string' || !isSafeImageUrl(url)) return undefined;
    return {
      file: { url },
      ...(isString(data.caption) ? { caption: html(data.caption) } : {}),
      ...optional('withBorder', data.withBorder, isBoolean),
      ...optional('stretched', data.stretched, isBoolean),
      ...optional('withBackground', data.withBackground, isBoolean),
    };
  },
  delimiter: () => ({}),
};

const isBlockType = (type: unknown): type is EditorBlockType => typeof type === 'string' && type in BLOCK_CLEANERS;
const isBlockId = (id: unknown): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id);

/** One block cleaned; undefined for a type with no schema (fail closed) or a block with nothing safe to keep. */
export function sanitizeBlock(value: unknown): EditorBlock | undefined {
  const block = fieldsOf(value);
  if (!isBlockType(block.type)) return undefined;
  const data = (BLOCK_CLEANERS[block.type] as (data: Fields) => EditorBlock['data'] | undefined)(fieldsOf(block.data));
  if (!data) return undefined;
  return { ...optional('id', block.id, isBlockId), type: block.type, data } as EditorBlock;
}

/**
 * Editor.js data (as stored, as the editor saves it, or as an import builds it) with every HTML string in every
 * block cleaned and every field no schema knows left out. Accepts anything; returns data of the strict shape.
 */
export function sanitizeEditorData(value: unknown): EditorData {
  const data = fieldsOf(value);
  const blocks = (Array.isArray(data.blocks) ? data.blocks : []).flatMap((b) => {
    const block = sanitizeBlock(b);
    return block ? [block] : [];
  });
  return {
    ...optional('time', data.time, (v): v is number => typeof v === 'number'),
    ...optional('version', data.version, (v): v is string => typeof v === 'string' && v.length <= 20),
    blocks,
  };
}

/** An article's sections with every body cleaned (titles are plain text: rendered as text, never as HTML). */
export function sanitizeSections(sections: unknown): Section[] {
  return (Array.isArray(sections) ? sections : []).map((section) => {
    const { title, body } = fieldsOf(section);
    return { ...(typeof title === 'string' ? { title } : {}), body: sanitizeEditorData(body) };
  });
}
