/**
 * Filling the editor from a document (CONTRACT.md §2). A Word file is converted in the browser (mammoth,
 * loaded on first use): headings 1–3 start a new section whose sub-headline is the heading, paragraphs,
 * lists and quotes become blocks, images are left out. A PDF's text comes from the API as paragraphs.
 */

import { escapeHtml } from '../../../../shared/render-blocks';
import { sanitizeInlineHtml as sanitize } from '../../../../shared/rich-text';
import {
  type EditorBlock,
  type EditorData,
  MAX_BLOCKS_PER_SECTION,
  MAX_SECTIONS,
  type Section,
} from '../../../../shared/schemas/article-body';

interface ImportedListItem {
  content: string;
  meta: Record<string, never>;
  items: ImportedListItem[];
}

const SECTION_HEADINGS = new Set(['H1', 'H2', 'H3']);
const MINOR_HEADINGS = new Set(['H4', 'H5', 'H6']);

/**
 * Editor.js keeps <b>/<i> from its inline tools and drops other tags when it saves: Word's <strong>/<em>
 * become <b>/<i> so the formatting survives.
 */
function forEditor(html: string): string {
  return html
    .replace(/<(\/?)strong>/g, '<$1b>')
    .replace(/<(\/?)em>/g, '<$1i>')
    .replace(/\s*(<br>\s*)+$/, '')
    .trim();
}

function listItems(list: Element): ImportedListItem[] {
  return [...list.children]
    .filter((child) => child.tagName === 'LI')
    .map((li) => {
      const nested = [...li.children].filter((child) => child.tagName === 'UL' || child.tagName === 'OL');
      const own = li.cloneNode(true) as Element;
      for (const sub of [...own.children]) if (sub.tagName === 'UL' || sub.tagName === 'OL') sub.remove();
      return {
        content: forEditor(sanitize(own.innerHTML)),
        meta: {},
        items: nested.flatMap((sub) => listItems(sub)),
      };
    });
}

/** A converted document's HTML as sections of Editor.js blocks. */
export function htmlToSections(html: string): Section[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const sections: Section[] = [{ title: '', body: { blocks: [] } }];
  const current = () => sections[sections.length - 1] as Section;
  const push = (block: EditorBlock) => {
    const blocks = current().body.blocks;
    if (blocks.length < MAX_BLOCKS_PER_SECTION) blocks.push(block);
  };

  for (const node of [...doc.body.children]) {
    const tag = node.tagName;
    const inline = () => forEditor(sanitize(node.innerHTML));
    if (SECTION_HEADINGS.has(tag)) {
      const title = (node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
      if (!title) continue;
      const open = current();
      // Text before the first heading stays in the first section; a heading there names it.
      if (open.body.blocks.length === 0 && !open.title) open.title = title;
      else if (sections.length < MAX_SECTIONS) sections.push({ title, body: { blocks: [] } });
      else push({ type: 'header', data: { text: escapeHtml(title), level: 2 } });
    } else if (MINOR_HEADINGS.has(tag)) {
      const text = inline();
      if (text) push({ type: 'header', data: { text, level: 4 } });
    } else if (tag === 'UL' || tag === 'OL') {
      const items = listItems(node).filter((item) => item.content || item.items.length > 0);
      if (items.length > 0) {
        push({ type: 'list', data: { style: tag === 'OL' ? 'ordered' : 'unordered', meta: {}, items } });
      }
    } else if (tag === 'BLOCKQUOTE') {
      const text = inline();
      if (text) push({ type: 'quote', data: { text, caption: '', alignment: 'left' } });
    } else if (tag === 'TABLE') {
      // Tables have no block here: each row becomes a line of its cells.
      for (const row of node.querySelectorAll('tr')) {
        const cells = [...row.children].map((cell) => forEditor(sanitize(cell.innerHTML))).filter(Boolean);
        if (cells.length > 0) push({ type: 'paragraph', data: { text: cells.join(' · ') } });
      }
    } else {
      // Paragraphs, and anything else with text; images alone come out empty and are skipped.
      const text = inline();
      if (text) push({ type: 'paragraph', data: { text } });
    }
  }
  return sections.filter((section, index) => index === 0 || section.title || section.body.blocks.length > 0);
}

/** A .docx file as sections. Throws when the file is not a Word document mammoth can read. */
export async function docxToSections(data: ArrayBuffer): Promise<Section[]> {
  const { default: mammoth } = await import('mammoth');
  const { value: html } = await mammoth.convertToHtml(
    { arrayBuffer: data },
    {
      // Images are left out of the import: nothing is embedded or uploaded on the way.
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      ignoreEmptyParagraphs: true,
    },
  );
  return htmlToSections(html);
}

/** A PDF's paragraphs (plain text from the API) as paragraph blocks. */
export function paragraphsToEditorData(paragraphs: readonly string[]): EditorData {
  return {
    blocks: paragraphs
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .slice(0, MAX_BLOCKS_PER_SECTION)
      .map((p) => ({ type: 'paragraph' as const, data: { text: escapeHtml(p) } })),
  };
}
