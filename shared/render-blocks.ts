/**
 * Editor.js blocks (as stored in an article's sections) to HTML, for the admin's read-only preview and the delivery
 * API's `html` (made once, when an article's published copy is made). Structure is built here with every plain value escaped; the inline HTML Editor.js keeps inside texts (bold, links, …) goes
 * through the shared allow-list of shared/rich-text.ts (the one the API cleans with on every write and read),
 * so nothing stored in an article can run script in the admin or on the site.
 */
import { sanitizeInlineHtml } from './rich-text';
import type { EditorBlock, EditorData } from './schemas/article-body';

const sanitize = sanitizeInlineHtml;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text for HTML text or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of sanitized inline HTML (for attributes such as alt): tags dropped, entities decoded once. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .trim();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Images come from our own media (`/media/…`) or the web; anything else (javascript:, data:) is not shown. */
export function safeImageUrl(value: unknown): string | undefined {
  const url = text(value).trim();
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : undefined;
}

type ListItem = string | { content?: unknown; items?: unknown; meta?: { checked?: unknown } };

/** @editorjs/list v2 ordered-list numbering, as the `type` attribute of <ol>. */
const COUNTER_TYPES: Record<string, string> = {
  numeric: '1',
  'lower-alpha': 'a',
  'upper-alpha': 'A',
  'lower-roman': 'i',
  'upper-roman': 'I',
};

function renderList(data: Record<string, unknown>): string {
  const style = text(data.style);
  const meta = (data.meta ?? {}) as { start?: unknown; counterType?: unknown };
  const items = (Array.isArray(data.items) ? data.items : []) as ListItem[];
  if (items.length === 0) return '';

  const wrap = (inner: string) => {
    if (style !== 'ordered') return `<ul${style === 'checklist' ? ' class="checklist"' : ''}>${inner}</ul>`;
    const start = typeof meta.start === 'number' && Number.isInteger(meta.start) && meta.start !== 1 ? meta.start : 0;
    const type = COUNTER_TYPES[text(meta.counterType)];
    return `<ol${start ? ` start="${start}"` : ''}${type && type !== '1' ? ` type="${type}"` : ''}>${inner}</ol>`;
  };
  const renderItems = (list: ListItem[]): string =>
    list
      .map((item) => {
        if (typeof item === 'string') return `<li>${sanitize(item)}</li>`;
        const children = Array.isArray(item?.items) ? (item.items as ListItem[]) : [];
        const nested = children.length > 0 ? wrap(renderItems(children)) : '';
        const checklist = style === 'checklist';
        const checked = checklist && item?.meta?.checked === true;
        const mark = checklist ? `<span class="check" aria-hidden="true">${checked ? '☑' : '☐'}</span> ` : '';
        return `<li${checked ? ' data-checked="true"' : ''}>${mark}${sanitize(text(item?.content))}${nested}</li>`;
      })
      .join('');
  return wrap(renderItems(items));
}

/** One block as HTML; '' for a block with nothing to show or of a type the preview does not know. */
export function renderBlock(block: EditorBlock): string {
  const data = (block.data ?? {}) as Record<string, unknown>;
  switch (block.type) {
    case 'paragraph': {
      const html = sanitize(text(data.text));
      return html.trim() ? `<p>${html}</p>` : '';
    }
    case 'header': {
      const level = Math.min(Math.max(Number(data.level) || 2, 2), 6);
      const html = sanitize(text(data.text));
      return html.trim() ? `<h${level}>${html}</h${level}>` : '';
    }
    case 'list':
      return renderList(data);
    case 'quote': {
      const html = sanitize(text(data.text));
      if (!html.trim()) return '';
      const caption = sanitize(text(data.caption));
      const align = data.alignment === 'center' ? ' class="center"' : '';
      return `<figure class="quote"${align}><blockquote>${html}</blockquote>${
        caption.trim() ? `<figcaption>${caption}</figcaption>` : ''
      }</figure>`;
    }
    case 'image': {
      const url = safeImageUrl((data.file as { url?: unknown } | undefined)?.url);
      if (!url) return '';
      const caption = sanitize(text(data.caption));
      // The caption is the best description of the picture a screen reader can get.
      const alt = escapeHtml(htmlToText(caption));
      return `<figure class="image"><img src="${escapeHtml(url)}" alt="${alt}" loading="lazy">${
        caption.trim() ? `<figcaption>${caption}</figcaption>` : ''
      }</figure>`;
    }
    case 'delimiter':
      return '<hr>';
    default:
      return '';
  }
}

/** A section's rich text as HTML. */
export function renderBlocks(data: EditorData | undefined | null): string {
  return (data?.blocks ?? []).map(renderBlock).join('\n');
}
