/**
 * The preview's block renderer. Its inline HTML goes through shared/rich-text.ts (sanitize-html, no DOM
 * needed), so it runs in plain Node; tests/unit/rich-text.test.ts covers the allow-list itself.
 */
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '../../shared/render-blocks';
import type { EditorData } from '../../shared/schemas/article-body';

/** Blocks as they may be stored, including shapes the strict schemas refuse today (older saves). */
type AnyBlocks = (EditorData['blocks'][number] | { type: string; data: Record<string, unknown> })[];

const render = (blocks: AnyBlocks) => ({ html: renderBlocks({ blocks } as EditorData) });

const para = (text: string) => ({ type: 'paragraph' as const, data: { text } });

describe('renderBlocks', () => {
  it('renders paragraphs, headers, quotes, delimiters and images', () => {
    const { html } = render([
      { type: 'header', data: { text: 'Markets rally', level: 2 } },
      para('Shares <b>rose</b> and <i>fell</i>, <a href="https://example.com/x">read</a>.'),
      { type: 'quote', data: { text: 'It was <em>fine</em>', caption: 'A trader', alignment: 'left' } },
      { type: 'delimiter', data: {} },
      { type: 'image', data: { file: { url: '/media/abc.png' }, caption: 'The floor' } },
    ]);
    expect(html).toContain('<h2>Markets rally</h2>');
    expect(html).toContain('<p>Shares <b>rose</b> and <i>fell</i>, ');
    expect(html).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">read</a>');
    expect(html).toContain('<figure class="quote"><blockquote>It was <em>fine</em></blockquote>');
    expect(html).toContain('<figcaption>A trader</figcaption>');
    expect(html).toContain('<hr>');
    expect(html).toContain('<img src="/media/abc.png" alt="The floor" loading="lazy">');
  });

  it('renders nested @editorjs/list v2 items, numbering and legacy string items', () => {
    const { html } = render([
      {
        type: 'list',
        data: {
          style: 'ordered',
          meta: { start: 3, counterType: 'upper-roman' },
          items: [
            { content: 'One', meta: {}, items: [{ content: 'One <b>a</b>', meta: {}, items: [] }] },
            { content: 'Two', meta: {}, items: [] },
          ],
        },
      },
      { type: 'list', data: { style: 'unordered', items: ['plain', 'old'] } },
      {
        type: 'list',
        data: { style: 'checklist', items: [{ content: 'done', meta: { checked: true }, items: [] }] },
      },
    ]);
    expect(html).toContain(
      '<ol start="3" type="I"><li>One<ol start="3" type="I"><li>One <b>a</b></li></ol></li><li>Two</li></ol>',
    );
    expect(html).toContain('<ul><li>plain</li><li>old</li></ul>');
    expect(html).toContain('<ul class="checklist"><li data-checked="true">');
  });

  it('leaves out empty blocks and block types it does not know', () => {
    const { html } = render([
      para('   '),
      para('<br>'),
      { type: 'header', data: { text: '' } },
      { type: 'list', data: { style: 'unordered', items: [] } },
      { type: 'raw', data: { html: '<script>alert(1)</script>' } },
    ]);
    expect(html.replace(/\s/g, '')).toBe('<p><br></p>');
  });

  it('makes an XSS attempt in text harmless', () => {
    const { html } = render([
      para('Hi <img src=x onerror=alert(1)> there<script>alert(2)</script>'),
      para('<a href="javascript:alert(3)">click</a> <a href=" JaVaScRiPt:alert(4)">x</a>'),
      para('<svg onload=alert(5)><circle></circle></svg><iframe src="javascript:alert(6)"></iframe>'),
      para('<b onclick="alert(7)" style="color:red" href="https://e.com">bold</b>'),
      para('<a href="data:text/html,<script>alert(8)</script>">d</a>'),
      { type: 'header', data: { text: '<img src=x onerror=alert(9)>Title', level: 2 } },
      { type: 'quote', data: { text: 'q', caption: '<img src=x onerror=alert(10)>c' } },
      {
        type: 'list',
        data: { style: 'unordered', items: [{ content: '<img src=x onerror=alert(11)>li', items: [] }] },
      },
    ]);
    expect(html).not.toMatch(/<img|<script|<svg|<iframe|onerror|onload|onclick|javascript:|data:text|style=/i);
    expect(html).toContain('<p>Hi  there</p>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer">click</a>');
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('<h2>Title</h2>');
  });

  it('shows only images from our media or the web, with the url and caption escaped', () => {
    const { html } = render([
      { type: 'image', data: { file: { url: 'javascript:alert(1)' } } },
      { type: 'image', data: { file: { url: 'data:image/svg+xml,<svg onload=alert(1)>' } } },
      { type: 'image', data: { file: { url: '//evil.example/x.png' } } },
      { type: 'image', data: { file: { url: '/media/a.png" onerror="alert(1)' }, caption: '"><b>x</b>' } },
    ]);
    expect(html).not.toMatch(/javascript:|data:|evil\.example/);
    expect(html).toContain('src="/media/a.png&quot; onerror=&quot;alert(1)"');
    expect(html).toContain('alt="&quot;&gt;x"');
  });
});
