/**
 * The rich-text allow-list (shared/rich-text.ts): the inline sanitizer, the walk over every Editor.js block, the
 * strict block schemas, and the Lambda bundle's stand-ins for sanitize-html's dependencies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { Parser } from 'htmlparser2';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_ALIASES, esbuildOptions, ROOT } from '../../infra/aws/bundling';
import { naughtyHref } from '../../infra/aws/stand-ins/launder';
import { parse as postcssStandIn } from '../../infra/aws/stand-ins/postcss';
import { MAX_INLINE_HTML_DEPTH, MAX_INLINE_HTML_LENGTH } from '../../shared/constants';
import { limitNesting } from '../../shared/html-nesting';
import {
  INLINE_TAGS,
  isSafeTextLink,
  sanitizeEditorData,
  sanitizeInlineHtml,
  sanitizeSections,
} from '../../shared/rich-text';
import {
  type EditorData,
  editorBlockSchema,
  editorDataSchema,
  editorHasContent,
  INLINE_HTML_TOO_LONG,
  MAX_LIST_DEPTH,
} from '../../shared/schemas/article-body';
import * as z from '../../shared/schemas/z';

const LINK = 'target="_blank" rel="noopener noreferrer"';

/** Attack payloads and what each must come out as. */
const PAYLOADS: [name: string, html: string, clean: string][] = [
  ['img onerror', 'Hi <img src=x onerror="window.__stolen=localStorage.getItem(\'token\')">', 'Hi '],
  ['IMG onerror, mixed case', 'Hi <IMG SRC=x OnErRoR=alert(1)>', 'Hi '],
  ['svg onload', '<svg onload=alert(1)><circle></circle></svg>ok', 'ok'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>', `<a ${LINK}>x</a>`],
  ['tab hidden in the scheme', '<a href="java&#x09;script:alert(1)">x</a>', `<a ${LINK}>x</a>`],
  ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a>', `<a ${LINK}>x</a>`],
  ['entity-encoded scheme', '<a href="&#106;avascript&colon;alert(1)">x</a>', `<a ${LINK}>x</a>`],
  ['leading space', '<a href=" javascript:alert(1)">x</a>', `<a ${LINK}>x</a>`],
  ['data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', `<a ${LINK}>x</a>`],
  ['protocol-relative link', '<a href="//evil.example/x">x</a>', `<a ${LINK}>x</a>`],
  ['iframe', '<iframe src="javascript:alert(1)"><img src=x onerror=alert(1)></iframe>after', 'after'],
  ['script (content dropped)', 'a<script>alert(1)</script>b', 'ab'],
  ['SCRIPT, mixed case', 'a<ScRiPt>alert(1)</sCrIpT>b', 'ab'],
  ['style', 'a<style>*{background:url(javascript:alert(1))}</style>b', 'ab'],
  ['mXSS through math and style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['mXSS through noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ['textarea in svg', '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>t', 't'],
  ['event handler on an allowed tag', '<b onclick="alert(1)" style="color:red" class="x">bold</b>', '<b>bold</b>'],
  ['link kept', '<a href="https://ok">ok</a>', `<a href="https://ok" ${LINK}>ok</a>`],
  [
    'link target and rel forced',
    '<A HREF="https://x.example" TARGET="_self" REL="opener">x</A>',
    `<a href="https://x.example" ${LINK}>x</a>`,
  ],
  [
    'escaped markup stays text',
    '1 &lt; 2 &amp;&amp; &lt;img src=x onerror=alert(1)&gt;',
    '1 &lt; 2 &amp;&amp; &lt;img src=x onerror=alert(1)&gt;',
  ],
];

const TAG = /<\/?([a-zA-Z][\w-]*)([^>]*)>/g;
const ALLOWED_ATTRIBUTES = /^(\s(href|target|rel)="[^"]*")*$/;

/** The only markup left: allowed tags, with only href (safe), target and rel; no raw `<` or `>` in text. */
function expectOnlyAllowedMarkup(html: string) {
  for (const [, name = '', attributes = ''] of html.matchAll(TAG)) {
    expect(INLINE_TAGS as readonly string[]).toContain(name);
    expect(attributes).toMatch(ALLOWED_ATTRIBUTES);
    const href = /href="([^"]*)"/.exec(attributes)?.[1];
    if (href !== undefined) expect(isSafeTextLink(href.replace(/&amp;/g, '&'))).toBe(true);
  }
  expect(html.replace(TAG, '')).not.toMatch(/[<>]/);
}

describe('sanitizeInlineHtml', () => {
  it.each(PAYLOADS)('cleans %s', (_name, html, clean) => {
    const out = sanitizeInlineHtml(html);
    expect(out).toBe(clean);
    expectOnlyAllowedMarkup(out);
    expect(sanitizeInlineHtml(out)).toBe(out);
  });

  it('keeps what Editor.js and a Word import produce, in the form Editor.js saves it', () => {
    const html = 'A <b>b</b> <i>i</i> <u>u</u> <em>em</em> <strong>s</strong> <code>c</code> <mark>m</mark><br>end';
    expect(sanitizeInlineHtml(html)).toBe(html);
    expect(sanitizeInlineHtml('line<br/>two<BR>')).toBe('line<br>two<br>');
    // Editor.js's link tool adds rel="nofollow"; ours replaces it.
    expect(sanitizeInlineHtml('<a href="https://x.example/a?b=1&amp;c=2" target="_blank" rel="nofollow">l</a>')).toBe(
      `<a href="https://x.example/a?b=1&amp;c=2" ${LINK}>l</a>`,
    );
  });

  it('allows links to the web, site paths, e-mail and anchors, nothing else', () => {
    for (const href of [
      'https://example.com/x',
      'http://example.com',
      '/politics',
      'mailto:desk@example.com',
      '#top',
    ]) {
      expect(sanitizeInlineHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}" ${LINK}>x</a>`);
    }
    for (const href of ['vbscript:msgbox(1)', 'file:///etc/passwd', 'ftp://x.example', 'tel:123', '\\\\evil', 'x']) {
      expect(sanitizeInlineHtml(`<a href="${href}">x</a>`)).toBe(`<a ${LINK}>x</a>`);
    }
  });

  it('drops block-level tags but keeps their text, and normalizes entities', () => {
    expect(sanitizeInlineHtml('<p>para</p><div>d</div><h1>h</h1><span style="x">s</span>')).toBe('paradhs');
    expect(sanitizeInlineHtml('caf&eacute; &#169; &quot;q&quot;')).toBe('café © "q"');
  });
});

/** `unit` repeated to exactly `length` characters. */
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * Markup that makes HTML parsers work hard, as `length` characters: unclosed and deeply nested tags, long
 * attributes, entity floods, many tiny tags, `<` floods, comments and CDATA, raw-text elements, foreign content.
 */
const pathological = (length: number): [name: string, html: string][] => [
  ['unclosed <i><u>', fill('<i><u>', length)],
  ['unclosed <b>', fill('<b>', length)],
  ['unclosed <b> with text', fill('<b>x', length)],
  ['nested and closed', fill('<b>', length / 2) + fill('</b>', length / 2)],
  ['unclosed tags it drops (<div>)', fill('<div>', length)],
  ['unclosed <span> with text', fill('<span>x', length)],
  ['unclosed, then end tags of another name', fill('<i>', length / 2) + fill('</u>', length / 2)],
  ['unclosed <p><b>', fill('<p><b>', length)],
  ['unclosed inside <svg>', `<svg>${fill('<g>', length)}`],
  ['unclosed links', fill('<a href="https://example.com/">', length)],
  ['a long attribute', `<a href="https://example.com/${'a'.repeat(length)}">x</a>`],
  ['an entity flood', fill('&amp;', length)],
  ['a numeric entity flood', fill('&#x41;', length)],
  ['many tiny tags', fill('<b>x</b>', length)],
  ['a < flood', fill('<', length)],
  ['a "< a" flood', fill('< a', length)],
  ['comments', fill('<!--x-->', length)],
  ['an unclosed comment', `<!--${'x'.repeat(length)}`],
  ['CDATA', fill('<![CDATA[x]]>', length)],
  ['an unclosed <script> full of tags', `<script>${fill('<b>', length)}`],
  ['<noscript> with tags', fill('<noscript><b>', length)],
  ['<iframe> then unclosed tags', `<iframe>${fill('<i><u>', length)}`],
  ['mixed', fill('<i><u>&amp;<!--c--><a href="x"><span>< b</q>', length)],
];

/** The deepest the open elements of htmlparser2's own Parser (the one sanitize-html runs) get on this HTML. */
function parserDepth(html: string): number {
  let deepest = 0;
  const parser: Parser = new Parser(
    {
      onopentagname: () => {
        deepest = Math.max(deepest, (parser as unknown as { stack: string[] }).stack.length);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return deepest;
}

/** A reproducible stream of numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Start and end tags of every kind the Parser treats apart, with attributes that hide `>` and end tags. */
const FUZZ_NAMES = [
  ...['b', 'i', 'u', 'a', 'em', 'code', 'span', 'B', 'p', 'li', 'div', 'form', 'table', 'tr', 'td', 'th'],
  ...['tbody', 'thead', 'tfoot', 'h1', 'h2', 'select', 'option', 'optgroup', 'input', 'button', 'dd', 'dt'],
  ...['rt', 'rp', 'body', 'head', 'link', 'br', 'hr', 'img', 'image', 'template', 'script', 'sCrIpT', 'style'],
  ...['textarea', 'title', 'xmp', 'iframe', 'noscript', 'noembed', 'noframes', 'svg', 'Svg', 'math', 'mi'],
  ...['annotation-xml', 'desc', 'foreignObject', 'foreignobject', 'clipPath', 'CLIPPATH'],
];
const FUZZ_ATTRIBUTES = [' x="a>b"', " y='</b>'", ' z=q', ' w', ' v="<i>"', ' /', ''];
const FUZZ_OTHER = [
  ...['<!-- <b> -->', '<!--->', '<!---->', '<!-->', '<![CDATA[<b>]]>', '<!doctype html>', '<?php <b> ?>'],
  ...['<', '&lt;b&gt;', '&amp;', 'x', '</', '<!', '</>', '</ b>', '< b>', '<b<i>', '--!>', '-->', ']]>'],
];

function randomMarkup(next: () => number): string {
  const pick = <T>(from: readonly T[]) => from[Math.floor(next() * from.length)] as T;
  const parts: string[] = [];
  for (let n = 1 + Math.floor(next() * 300); n > 0; n--) {
    const kind = next();
    if (kind < 0.45) parts.push(`<${pick(FUZZ_NAMES)}${pick(FUZZ_ATTRIBUTES)}${next() < 0.1 ? '/' : ''}>`);
    else if (kind < 0.75) parts.push(`</${pick(FUZZ_NAMES)}${next() < 0.1 ? ' ' : ''}>`);
    else parts.push(pick(FUZZ_OTHER));
  }
  // Now and then a start tag the text ends in.
  if (next() < 0.1) parts.push(`<${pick(FUZZ_NAMES)} x="`);
  return parts.join('');
}

describe('work bounded by the length of the text', () => {
  // The whole content limit in one string: what an article stored before the per-field limit could hold, and what
  // every read cleans again.
  const AT_THE_LIMIT = 300 * 1024;

  /** An ordinary article's text of the same length: paragraphs with bold, italics and links. */
  const ORDINARY = fill(
    'A paragraph with <b>bold</b>, <i>italics</i> and <a href="https://example.com/x">a link</a>. ',
    AT_THE_LIMIT,
  );

  /** The quickest of up to three cleanings (the machine may be busy), stopping once one is quicker than `enough`. */
  function cleaningTime(html: string, enough = 0): number {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3 && best >= enough; run++) {
      const started = performance.now();
      sanitizeInlineHtml(html);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  }

  it.each(pathological(AT_THE_LIMIT))('cleans %s (300 KB) within ten times an ordinary text’s time', (_name, html) => {
    // Measured against the ordinary text just before, so a busy machine slows both. The slowest markup here takes
    // three to six times as long (a `<` flood comes out four times as long; each unclosed link is closed and
    // rebuilt); before the depth bound, unclosed tags took 20 to 100 times as long, growing with the square.
    const bound = 10 * cleaningTime(ORDINARY) + 20;
    expect(cleaningTime(html, bound)).toBeLessThan(bound);
    expectOnlyAllowedMarkup(sanitizeInlineHtml(html));
  });

  it('tells whether a field of `<` has text a reader sees in time linear in its length', () => {
    const paragraph = (text: string) => ({ blocks: [{ type: 'paragraph' as const, data: { text } }] });
    const time = (data: EditorData) => {
      const started = performance.now();
      editorHasContent(data);
      return performance.now() - started;
    };
    // Three fields' worth: a search from every `<` to the end took seconds here.
    const length = 3 * MAX_INLINE_HTML_LENGTH;
    const bound = 10 * time(paragraph(ORDINARY.slice(0, length))) + 20;
    expect(time(paragraph(fill('<', length)))).toBeLessThan(bound);
    expect(editorHasContent(paragraph(fill('<', length)))).toBe(true);
    expect(editorHasContent(paragraph('<b> </b>&nbsp;<i></i>'))).toBe(false);
  });

  it.each(pathological(AT_THE_LIMIT))(
    'hands the parser %s with its open elements at most the depth limit deep',
    (_name, html) => {
      expect(parserDepth(limitNesting(html, MAX_INLINE_HTML_DEPTH))).toBeLessThanOrEqual(MAX_INLINE_HTML_DEPTH + 1);
    },
  );

  it('reads markup as htmlparser2’s Parser does: unchanged within the limit, within it after (random markup)', () => {
    const next = seeded(20_260_401);
    let changed = 0;
    for (let n = 0; n < 3000; n++) {
      const html = randomMarkup(next);
      const limit = [1, 2, 3, 5, 8][n % 5] as number;
      const out = limitNesting(html, limit);
      if (parserDepth(html) > limit) changed++;
      else if (out !== html) expect.fail(`changed within a limit of ${limit}: ${JSON.stringify(html)}`);
      // One more for a raw-text element (script, style …), kept at any depth: nothing in it is a tag.
      const depth = parserDepth(out);
      if (depth > limit + 1) expect.fail(`${depth} deep at a limit of ${limit}: ${JSON.stringify(html)}`);
    }
    // The markup went past the limits often enough to test what is dropped.
    expect(changed).toBeGreaterThan(1000);
  });

  it('keeps formatting up to the depth limit and drops what is deeper, its text kept', () => {
    const nested = (depth: number) => `${'<b>'.repeat(depth)}deep${'</b>'.repeat(depth)}`;
    expect(sanitizeInlineHtml(nested(MAX_INLINE_HTML_DEPTH))).toBe(nested(MAX_INLINE_HTML_DEPTH));
    expect(sanitizeInlineHtml(nested(MAX_INLINE_HTML_DEPTH + 50))).toBe(nested(MAX_INLINE_HTML_DEPTH));
    const unclosed = sanitizeInlineHtml(`${'<i><u>'.repeat(1000)}text`);
    expect(unclosed).toBe(
      `${'<i><u>'.repeat(MAX_INLINE_HTML_DEPTH / 2)}text${'</u></i>'.repeat(MAX_INLINE_HTML_DEPTH / 2)}`,
    );
    expect(sanitizeInlineHtml(unclosed)).toBe(unclosed);
    // A line break or a link at the limit stays; a script there still goes with its content.
    const full = '<b>'.repeat(MAX_INLINE_HTML_DEPTH);
    expect(sanitizeInlineHtml(`${full}a<br>b<a href="/x">l</a><script>alert(1)</script>`)).toContain('a<br>b');
    expect(sanitizeInlineHtml(`${full}<script>alert(1)</script>x`)).not.toContain('alert');
    // What is dropped cannot join the text around it into a tag.
    expect(sanitizeInlineHtml(`${full}<<i>img src=x onerror=alert(1)>`)).not.toMatch(/<img/);
  });
});

/** One block of each type that carries HTML, with `html` in every field that may hold it. */
function blocksCarrying(html: string): unknown[] {
  const nested = (depth: number): unknown => ({
    content: `level ${depth}: ${html}`,
    meta: {},
    items: depth < 3 ? [nested(depth + 1)] : [],
  });
  return [
    { type: 'paragraph', data: { text: html } },
    { type: 'header', data: { text: html, level: 2 } },
    { type: 'list', data: { style: 'unordered', items: [html, `again ${html}`] } },
    { type: 'list', data: { style: 'ordered', meta: { start: 1, counterType: 'numeric' }, items: [nested(1)] } },
    {
      type: 'list',
      data: { style: 'checklist', meta: {}, items: [{ content: html, meta: { checked: true }, items: [] }] },
    },
    { type: 'quote', data: { text: html, caption: html, alignment: 'left' } },
    { type: 'image', data: { file: { url: '/media/a.png' }, caption: html, withBorder: false } },
  ];
}

/** Every string of a value, at any depth. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringsOf)
      : [];

describe('sanitizeEditorData', () => {
  it.each(PAYLOADS)('cleans %s in every block type and at every list depth', (_name, html, clean) => {
    const data = { blocks: blocksCarrying(html) };
    // The payloads are valid Editor.js data: the strict schema takes them, the sanitizer cleans them.
    expect(z.safeParse(editorDataSchema, data).success).toBe(true);
    const out = sanitizeEditorData(data);
    expect(out).toEqual(sanitizeEditorData({ blocks: blocksCarrying(clean) }));
    for (const text of stringsOf(out.blocks.map((b) => b.data))) expectOnlyAllowedMarkup(text);
    expect(sanitizeEditorData(out)).toEqual(out);
  });

  it('returns clean, schema-valid data unchanged (so the migration rewrites only what changes)', () => {
    const clean = {
      time: 1_700_000_000_000,
      version: '2.31.7',
      blocks: blocksCarrying(
        'Plain <b>bold</b> and <a href="https://x.example" target="_blank" rel="noopener noreferrer">a link</a>',
      ),
    };
    expect(sanitizeEditorData(clean)).toEqual(clean);
    expect(sanitizeEditorData({ blocks: [{ id: 'abc_12-X', type: 'delimiter', data: {} }] })).toEqual({
      blocks: [{ id: 'abc_12-X', type: 'delimiter', data: {} }],
    });
  });

  it('reaches every level of a nested list', () => {
    const out = sanitizeEditorData({ blocks: blocksCarrying('<img src=x onerror=alert(1)>x') });
    const ordered = out.blocks[3] as {
      data: { items: { content: string; items: { content: string; items: { content: string }[] }[] }[] };
    };
    expect(ordered.data.items[0]?.items[0]?.items[0]?.content).toBe('level 3: x');
  });

  it('leaves out what no schema knows: block types, fields, and images without a safe url', () => {
    const out = sanitizeEditorData({
      blocks: [
        { type: 'raw', data: { html: '<script>alert(1)</script>' } },
        { type: 'paragraph', data: { text: 'p', html: '<img src=x onerror=alert(1)>' }, tunes: { x: 1 } },
        { type: 'header', data: { text: 'h', level: 9 } },
        { type: 'quote', data: { text: 'q', alignment: 'right' } },
        { type: 'list', data: { style: 'weird', items: [{ content: 'c', meta: { checked: 'yes', x: 1 }, extra: 1 }] } },
        { type: 'image', data: { file: { url: 'javascript:alert(1)' } } },
        { type: 'image', data: { file: { url: 'data:image/svg+xml,<svg onload=alert(1)>' } } },
        { type: 'image', data: { file: { url: '/media/ok.png', size: 12 }, stretched: 'yes' } },
        { id: '"><img src=x>', type: 'delimiter', data: { x: 1 } },
        'not a block',
      ],
      extra: true,
    });
    expect(out).toEqual({
      blocks: [
        { type: 'paragraph', data: { text: 'p' } },
        { type: 'header', data: { text: 'h' } },
        { type: 'quote', data: { text: 'q' } },
        { type: 'list', data: { style: 'unordered', items: [{ content: 'c', meta: {} }] } },
        { type: 'image', data: { file: { url: '/media/ok.png' } } },
        { type: 'delimiter', data: {} },
      ],
    });
    expect(z.safeParse(editorDataSchema, out).success).toBe(true);
  });

  it('takes anything stored and never throws', () => {
    for (const value of [undefined, null, 'x', 3, [], { blocks: 'x' }, { blocks: [null, 1, []] }]) {
      expect(sanitizeEditorData(value)).toEqual({ blocks: [] });
    }
  });

  it('cleans every section body and keeps titles as plain text', () => {
    const sections = sanitizeSections([
      {
        title: 'A <b>title</b> is text',
        body: { blocks: [{ type: 'paragraph', data: { text: '<img src=x onerror=alert(1)>p' } }] },
      },
      { body: null },
    ]);
    expect(sections).toEqual([
      { title: 'A <b>title</b> is text', body: { blocks: [{ type: 'paragraph', data: { text: 'p' } }] } },
      { body: { blocks: [] } },
    ]);
  });
});

describe('the strict block schemas', () => {
  const refusal = (block: unknown) => {
    const result = z.safeParse(editorBlockSchema, block);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('accept what each Editor.js tool saves', () => {
    const saved: EditorData['blocks'] = [
      { id: 'oWkW2a8y9W', type: 'paragraph', data: { text: 'Text <b>b</b>' } },
      { type: 'header', data: { text: 'Heading', level: 3 } },
      {
        type: 'list',
        data: {
          style: 'ordered',
          meta: { start: 3, counterType: 'upper-roman' },
          items: [{ content: 'a', meta: {}, items: [] }],
        },
      },
      {
        type: 'list',
        data: {
          style: 'unordered',
          meta: {},
          items: [{ content: 'a', meta: {}, items: [{ content: 'b', meta: {}, items: [] }] }],
        },
      },
      {
        type: 'list',
        data: { style: 'checklist', meta: {}, items: [{ content: 'a', meta: { checked: false }, items: [] }] },
      },
      { type: 'list', data: { style: 'unordered', items: ['v1', 'strings'] } },
      { type: 'quote', data: { text: 'q', caption: 'c', alignment: 'center' } },
      {
        type: 'image',
        data: {
          caption: '',
          withBorder: false,
          withBackground: false,
          stretched: false,
          file: { url: '/media/uploads/x.png' },
        },
      },
      { type: 'image', data: { file: { url: 'https://cdn.example/x.jpg' } } },
      { type: 'delimiter', data: {} },
    ];
    for (const block of saved) expect(refusal(block)).toBeUndefined();
  });

  it('refuse an unknown block type, failing closed', () => {
    expect(refusal({ type: 'raw', data: { html: '<b>x</b>' } })).toBe('This kind of content block is not supported');
    expect(refusal({ type: 'embed', data: {} })).toBe('This kind of content block is not supported');
  });

  it('refuse a field no tool saves, naming it', () => {
    expect(refusal({ type: 'paragraph', data: { text: 'x', html: '<img>' } })).toBe(
      'Unknown field "html" in a paragraph block',
    );
    expect(refusal({ type: 'paragraph', data: { text: 'x' }, tunes: {} })).toBe(
      'Unknown field "tunes" in a paragraph block',
    );
    expect(refusal({ type: 'list', data: { style: 'unordered', items: [{ content: 'x', onclick: 'y' }] } })).toBe(
      'Unknown field "onclick" in a list item',
    );
    expect(refusal({ type: 'image', data: { file: { url: '/media/a.png', html: 'x' } } })).toBe(
      `Unknown field "html" in an image's file`,
    );
  });

  it('refuse inline HTML longer than its limit in any field of any block, with a message a writer understands', () => {
    const long = 'x'.repeat(MAX_INLINE_HTML_LENGTH + 1);
    // blocksCarrying puts it in every field that holds HTML, list items at every level and v1 strings included.
    for (const block of blocksCarrying(long)) expect(refusal(block)).toBe(INLINE_HTML_TOO_LONG);
    for (const block of blocksCarrying('x'.repeat(MAX_INLINE_HTML_LENGTH - 20))) expect(refusal(block)).toBeUndefined();
    expect(INLINE_HTML_TOO_LONG).toContain('at most 20,000 characters');
  });

  it('refuse images that are not our uploads or https links, and bad levels, styles and depths', () => {
    const image = 'An image in the text must be an uploaded file or an https link';
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      'http://x.example/a.png',
      '',
    ]) {
      expect(refusal({ type: 'image', data: { file: { url } } })).toBe(image);
    }
    expect(refusal({ type: 'header', data: { text: 'x', level: 7 } })).toBeDefined();
    expect(refusal({ type: 'header', data: { text: 'x', level: 2.5 } })).toBeDefined();
    expect(refusal({ type: 'list', data: { style: 'table', items: [] } })).toBeDefined();
    const deep = (depth: number): unknown => ({ content: 'x', items: depth > 1 ? [deep(depth - 1)] : [] });
    expect(refusal({ type: 'list', data: { style: 'unordered', items: [deep(MAX_LIST_DEPTH)] } })).toBeUndefined();
    expect(refusal({ type: 'list', data: { style: 'unordered', items: [deep(MAX_LIST_DEPTH + 1)] } })).toBe(
      `Lists nest at most ${MAX_LIST_DEPTH} levels deep`,
    );
  });
});

describe('the Lambda bundle’s stand-ins for sanitize-html’s dependencies', () => {
  const out = mkdtempSync(join(tmpdir(), 'rich-text-bundle-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const entry = join(ROOT, 'shared/rich-text.ts');
  type RichText = typeof import('../../shared/rich-text');
  const load = (file: string) => createRequire(import.meta.url)(file) as RichText;
  /** A package as sanitize-html itself would load it. */
  const fromSanitizeHtml = createRequire(createRequire(import.meta.url).resolve('sanitize-html'));

  it('re-exports the very htmlparser2 Parser sanitize-html would load', () => {
    expect(fromSanitizeHtml.resolve('htmlparser2')).toBe(join(ROOT, 'node_modules/htmlparser2/dist/index.js'));
  });

  it('bundles the same sanitizer without postcss, the DOM half of htmlparser2 or launder', async () => {
    const file = join(out, 'rich-text.cjs');
    const result = await build({ ...esbuildOptions(entry, file), metafile: true });
    const inputs = Object.keys(result.metafile.inputs);
    for (const left of [
      'node_modules/postcss/',
      'node_modules/source-map-js/',
      'domhandler',
      'domutils',
      'node_modules/launder',
      'dayjs',
    ]) {
      expect(inputs.filter((i) => i.includes(left))).toEqual([]);
    }
    expect(inputs).toContain('infra/aws/stand-ins/postcss.ts');
    const bundled = load(file);
    for (const [, html, clean] of PAYLOADS) expect(bundled.sanitizeInlineHtml(html)).toBe(clean);
    const data = { blocks: blocksCarrying('<b style="color:red">x</b><a href="https://ok">y</a>') };
    expect(bundled.sanitizeEditorData(data)).toEqual(sanitizeEditorData(data));
    // The nesting bound runs in the bundle too, on the stand-in's Tokenizer.
    const deep = `${'<svg><b>'.repeat(200)}x`;
    expect(bundled.sanitizeInlineHtml(deep)).toBe(sanitizeInlineHtml(deep));
    expect(bundled.sanitizeInlineHtml(`${'<i>'.repeat(200)}x`)).toBe(sanitizeInlineHtml(`${'<i>'.repeat(200)}x`));
  });

  it('never reaches postcss with our options: a style attribute is dropped without parsing it', async () => {
    const file = join(out, 'rich-text-spy.cjs');
    const { postcss: _standIn, ...alias } = BUNDLE_ALIASES;
    const spy: Plugin = {
      name: 'postcss-spy',
      setup(b) {
        b.onResolve({ filter: /^postcss$/ }, () => ({ path: 'postcss', namespace: 'spy' }));
        b.onLoad({ filter: /.*/, namespace: 'spy' }, () => ({
          contents:
            'export function parse() { globalThis.__postcssParses = (globalThis.__postcssParses || 0) + 1; throw new Error("parsed"); }',
          loader: 'js',
        }));
      },
    };
    await build({ ...esbuildOptions(entry, file), alias, plugins: [spy] });
    const bundled = load(file);
    expect(
      bundled.sanitizeInlineHtml('<b style="color:red">b</b><a href="/x" style="x:expression(alert(1))">a</a>'),
    ).toBe(`<b>b</b><a href="/x" ${LINK}>a</a>`);
    expect(bundled.sanitizeInlineHtml('<span style="background:url(javascript:alert(1))">s</span>')).toBe('s');
    expect((globalThis as { __postcssParses?: number }).__postcssParses).toBeUndefined();
  });

  it('the postcss stand-in refuses to parse rather than answer wrongly', () => {
    expect(() => postcssStandIn()).toThrow(/not available/);
  });

  it('the launder stand-in answers naughtyHref as launder does', () => {
    const launder = fromSanitizeHtml('launder') as { naughtyHref: typeof naughtyHref };
    const hrefs = [
      'https://x.example',
      'HTTP://x',
      'javascript:alert(1)',
      ' java\tscript:alert(1)',
      'JaVaScRiPt:x',
      'java<!-- -->script:x',
      'data:text/html,x',
      'mailto:a@b.c',
      '//evil.example',
      '\\\\evil',
      '/path',
      '#top',
      'x',
      '',
      'vbscript:x',
      'tel:1',
    ];
    for (const options of [{}, { allowedSchemes: ['http', 'https', 'mailto'], allowProtocolRelative: false }]) {
      for (const href of hrefs)
        expect([href, naughtyHref(href, options)]).toEqual([href, launder.naughtyHref(href, options)]);
    }
  });
});
