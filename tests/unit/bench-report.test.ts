import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beginMarker, endMarker, README, replaceSection, SECTION } from '../../infra/bench/report';

const DOC = [
  '# Benchmarks',
  '',
  'Text before, kept as it is.  ',
  '<!-- bench:list begin -->',
  'old list line 1',
  'old list line 2',
  '<!-- bench:list end -->',
  '',
  'Between the sections.',
  '<!-- bench:list-writes begin -->',
  'old writes',
  '<!-- bench:list-writes end -->',
  'After, with no final newline',
].join('\n');

describe('replaceSection', () => {
  it('replaces only the lines between the named markers, and keeps everything else byte for byte', () => {
    const out = replaceSection(DOC, 'list', ['Measured today.', '', '| a | b |', '|---|---|', '| 1 | 2 |']);
    const begin = DOC.indexOf('<!-- bench:list begin -->') + '<!-- bench:list begin -->'.length;
    const end = DOC.indexOf('<!-- bench:list end -->');
    expect(out.slice(0, begin)).toBe(DOC.slice(0, begin));
    expect(out.slice(out.indexOf('<!-- bench:list end -->'))).toBe(DOC.slice(end));
    expect(out).toContain(
      '<!-- bench:list begin -->\nMeasured today.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<!-- bench:list end -->',
    );
    expect(out).not.toContain('old list line');
    expect(out).toContain('old writes');
  });

  it('does not take a section whose name starts with another (list vs list-writes)', () => {
    const out = replaceSection(DOC, 'list-writes', ['new writes']);
    expect(out).toContain('old list line 1\nold list line 2\n');
    expect(out).toContain('<!-- bench:list-writes begin -->\nnew writes\n\n<!-- bench:list-writes end -->');
  });

  it('gives the same text when run twice, and leaves an empty span for no lines', () => {
    const once = replaceSection(DOC, 'list', ['x']);
    expect(replaceSection(once, 'list', ['x'])).toBe(once);
    expect(replaceSection(DOC, 'list', [])).toContain('<!-- bench:list begin -->\n<!-- bench:list end -->');
  });

  it('keeps CRLF and other text outside the span untouched', () => {
    const crlf = 'a\r\n<!-- bench:web begin -->\r\nold\r\n<!-- bench:web end -->\r\nb\r\n';
    expect(replaceSection(crlf, 'web', ['new'])).toBe(
      'a\r\n<!-- bench:web begin -->\nnew\n\n<!-- bench:web end -->\r\nb\r\n',
    );
  });

  it('refuses a missing begin or end marker, naming the section', () => {
    expect(() => replaceSection(DOC, 'upload', ['x'])).toThrow(/"upload".*<!-- bench:upload begin -->/);
    const noEnd = DOC.replace('<!-- bench:list end -->', '');
    expect(() => replaceSection(noEnd, 'list', ['x'])).toThrow(/"list".*<!-- bench:list end -->/);
  });

  it('refuses markers in the wrong order, naming the section', () => {
    const reversed = 'x\n<!-- bench:sign-in end -->\ny\n<!-- bench:sign-in begin -->\nz\n';
    expect(() => replaceSection(reversed, 'sign-in', ['x'])).toThrow(/"sign-in".*comes before/);
  });

  it('refuses a marker that appears twice, naming the section', () => {
    const twice = `${DOC}\n<!-- bench:list begin -->\n`;
    expect(() => replaceSection(twice, 'list', ['x'])).toThrow(/"list".*more than once/);
  });
});

describe('infra/bench/README.md', () => {
  const readme = readFileSync(README, 'utf8');

  it.each(Object.values(SECTION))('has both markers of section %s, in order, once each', (section) => {
    const begin = readme.indexOf(beginMarker(section));
    const end = readme.indexOf(endMarker(section));
    expect(begin).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(begin);
    expect(readme.split(beginMarker(section))).toHaveLength(2);
    expect(readme.split(endMarker(section))).toHaveLength(2);
  });

  it('has no markers of a section no bench writes', () => {
    const named = [...readme.matchAll(/<!-- bench:([\w-]+) (?:begin|end) -->/g)].map((m) => m[1]);
    expect(new Set(named)).toEqual(new Set(Object.values(SECTION)));
  });
});
