/**
 * Inline HTML with its nesting bounded, so that cleaning it (shared/rich-text.ts) costs time in proportion to its
 * length, whatever it holds (functions/README.md, "Rich text").
 *
 * Why: htmlparser2's Parser, which sanitize-html runs, keeps the open elements in an array it grows at the front
 * and searches at every end tag, so each tag costs as much as there are elements open. Text that opens tags and
 * never closes them costs the square of its length: 300 KB of `<b>` took seconds.
 *
 * How: one pass of htmlparser2's own Tokenizer (linear, and the very reading the Parser makes) with a copy of the
 * Parser's rules for its open elements: implied end tags, void elements, SVG and MathML, the one form. The open
 * elements are kept at the end of an array and counted by name, so each step costs the same at any depth. A start
 * tag that would open an element deeper than the limit is replaced by an empty comment, which the sanitizer drops
 * (its text stays). End tags stay as they are. Raw-text elements (script, style, …) are kept at any depth:
 * nothing inside them is a tag, and the sanitizer drops them with their content. Text within the limit comes
 * back unchanged.
 */

import { Tokenizer } from 'htmlparser2';
import { SVG_FILTER_PRIMITIVES } from './svg-filters';

/** What a dropped start tag becomes: a complete comment, so the text on either side cannot join into a tag. */
const DROPPED_TAG = '<!---->';

// The tables below are htmlparser2's (dist/Parser.js, 12.x); tests/unit/rich-text.test.ts checks this pass
// against its Parser's own open elements, so a change there fails a test here.

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose content the Tokenizer reads as text up to their end tag (outside SVG and MathML). */
const RAW_TEXT_ELEMENTS = new Set([
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
]);

const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const P_TAG = new Set(['p']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DD_DT_TAGS = new Set(['dd', 'dt']);
const RT_RP_TAGS = new Set(['rt', 'rp']);

/** A start tag of the key closes the open elements of the value first (while one of them is the last opened). */
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P_TAG],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h): [string, Set<string>] => [h, HEADING_TAGS]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t): [string, Set<string>] => [t, FORM_TAGS]),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT_TAGS],
  ['dt', DD_DT_TAGS],
  ...[
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((t): [string, Set<string>] => [t, P_TAG]),
  ['rt', RT_RP_TAGS],
  ['rp', RT_RP_TAGS],
  ['tbody', TABLE_SECTION_TAGS],
  ['tfoot', TABLE_SECTION_TAGS],
]);

/** Where HTML content is allowed again inside SVG or MathML (SVG names as adjusted below). */
const HTML_INTEGRATION_ELEMENTS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);

/** SVG element names the Parser writes in camel case. */
const SVG_NAMES = new Map(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    ...SVG_FILTER_PRIMITIVES,
    'feImage',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

type Context = 'html' | 'svg' | 'math';

/** The Parser's open elements, newest last, with the count of each name and the foreign-content contexts. */
class OpenElements {
  private readonly names: string[] = [];
  private readonly counts = new Map<string, number>();
  private readonly contexts: Context[] = ['html'];

  get depth(): number {
    return this.names.length;
  }

  get top(): string | undefined {
    return this.names[this.names.length - 1];
  }

  has(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0;
  }

  get context(): Context {
    return this.contexts[this.contexts.length - 1] ?? 'html';
  }

  /** Whether an SVG or MathML element is open with no HTML integration point inside it. */
  get inForeignContent(): boolean {
    return this.context !== 'html';
  }

  push(name: string): void {
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    if (name === 'svg') this.contexts.push('svg');
    else if (name === 'math') this.contexts.push('math');
    else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.contexts.push('html');
  }

  pop(): string | undefined {
    const name = this.names.pop();
    if (name === undefined) return undefined;
    this.counts.set(name, (this.counts.get(name) ?? 1) - 1);
    if (name === 'svg' || name === 'math' || HTML_INTEGRATION_ELEMENTS.has(name)) this.contexts.pop();
    return name;
  }

  /** How many of the newest open elements in a row have one of these names. */
  countFromTop(names: Set<string>): number {
    let count = 0;
    while (count < this.names.length && names.has(this.names[this.names.length - 1 - count] ?? '')) count++;
    return count;
  }

  /** Closes the newest open element of this name and every element opened after it. */
  closeThrough(name: string): void {
    let closed: string | undefined;
    do closed = this.pop();
    while (closed !== name && closed !== undefined);
  }

  /** A tag name as the Parser reads it here: lower case, SVG's camel case, `image` as `img` in HTML. */
  readName(raw: string): string {
    const lower = raw.toLowerCase();
    if (this.context === 'svg') return SVG_NAMES.get(lower) ?? lower;
    if (this.contexts.length > 1) {
      const adjusted = SVG_NAMES.get(lower);
      if (adjusted !== undefined && this.has(adjusted)) return adjusted;
    }
    if (!this.inForeignContent) return lower === 'image' ? 'img' : lower;
    return lower;
  }
}

/** Counts `<` up to `enough`: text with fewer cannot open that many elements. */
function hasAtLeastTagStarts(html: string, enough: number): boolean {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    if (++count >= enough) return true;
  }
  return false;
}

/**
 * The HTML with every start tag that would open an element more than `maxDepth` deep replaced by an empty
 * comment, read exactly as htmlparser2's Parser reads it. The same string when nothing is that deep.
 */
export function limitNesting(html: string, maxDepth: number): string {
  if (!hasAtLeastTagStarts(html, maxDepth + 1)) return html;
  const open = new OpenElements();
  /** [from, to] of each dropped start tag, both inclusive, in order. */
  const dropped: [number, number][] = [];
  let pending: { name: string; from: number; rawText: boolean } | undefined;

  const endOfStartTag = (end: number, selfClosing: boolean) => {
    const tag = pending;
    pending = undefined;
    if (!tag) return;
    const { name } = tag;
    // The Parser ignores a form inside a form.
    if (name === 'form' && open.has('form')) return;
    const isVoid = VOID_ELEMENTS.has(name);
    // `<x/>` in SVG or MathML (as it is once this element is open) opens and closes at once.
    const foreignOnceOpen =
      name === 'svg' || name === 'math' ? true : HTML_INTEGRATION_ELEMENTS.has(name) ? false : open.inForeignContent;
    const closesAtOnce = selfClosing && foreignOnceOpen;
    const implied = OPEN_IMPLIES_CLOSE.get(name);
    const closedFirst = implied ? open.countFromTop(implied) : 0;
    if (!isVoid && !tag.rawText && !closesAtOnce && open.depth - closedFirst >= maxDepth) {
      dropped.push([tag.from, end]);
      return;
    }
    for (let n = 0; n < closedFirst; n++) open.pop();
    if (isVoid) return;
    open.push(name);
    if (selfClosing && open.inForeignContent && open.top === name) open.pop();
  };

  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        const foreign = open.inForeignContent;
        const name = open.readName(html.slice(start, end));
        // The `<` is the character before the name.
        pending = { name, from: start - 1, rawText: !foreign && RAW_TEXT_ELEMENTS.has(name) };
      },
      onopentagend(end) {
        endOfStartTag(end, false);
      },
      onselfclosingtag(end) {
        endOfStartTag(end, true);
      },
      onclosetag(start, end) {
        const name = open.readName(html.slice(start, end));
        // A void element's end tag (`</br>` included) and `</p>` with no p open open nothing that stays open.
        if (!VOID_ELEMENTS.has(name) && open.has(name)) open.closeThrough(name);
      },
      isInForeignContext: () => open.inForeignContent,
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      onattribname() {},
      oncdata() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  if (dropped.length === 0) return html;

  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of dropped) {
    parts.push(html.slice(at, from), DROPPED_TAG);
    at = to + 1;
  }
  parts.push(html.slice(at));
  return parts.join('');
}
