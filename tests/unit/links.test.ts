import { describe, expect, it } from 'vitest';
import { isSafeAbsoluteLink, isSafeLink, LINK_MESSAGE } from '../../shared/links';
import { ABSOLUTE_LINK_MESSAGE, linkField, linkText, requiredLinkField } from '../../shared/schemas/common';
import * as z from '../../shared/schemas/z';

const ACCEPTED = ['https://a.example/x?y#z', 'http://a.example', '/politics', '/a/b?c=d', '/'];

const REFUSED = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example',
  '/\\evil.example',
  'https://',
  'mailto:desk@a.example',
  'ftp://x',
  '&#106;avascript:alert(1)',
  'politics',
  '',
];

describe('isSafeLink', () => {
  it.each(ACCEPTED)('accepts %j', (link) => {
    expect(isSafeLink(link)).toBe(true);
  });

  it.each(REFUSED)('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
  });
});

describe('isSafeAbsoluteLink', () => {
  it('accepts http(s) links only, not site paths', () => {
    expect(isSafeAbsoluteLink('https://a.example/x')).toBe(true);
    expect(isSafeAbsoluteLink('http://a.example')).toBe(true);
    expect(isSafeAbsoluteLink('/politics')).toBe(false);
    expect(isSafeAbsoluteLink('javascript:alert(1)')).toBe(false);
  });
});

const issues = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('link field builders', () => {
  it('trims, keeps the empty string, and refuses an unsafe link with LINK_MESSAGE (even once trimmed)', () => {
    const field = linkText({ max: 500 });
    expect(z.parse(field, '  /politics  ')).toBe('/politics');
    expect(z.parse(field, '')).toBe('');
    expect(issues(field, ' javascript:alert(1)')).toEqual([LINK_MESSAGE]);
    expect(issues(field, '  //evil.example')).toEqual([LINK_MESSAGE]);
  });

  it('may be left out, and takes its own message and length', () => {
    const field = linkField({ max: 20, message: 'Bad link' });
    expect(z.parse(field, undefined)).toBeUndefined();
    expect(issues(field, 'data:text/html,x')).toEqual(['Bad link']);
    expect(issues(field, `https://a.example/${'x'.repeat(10)}`)).toEqual(['At most 20 characters']);
  });

  it('refuses site paths when absolute only', () => {
    const field = linkField({ max: 500, absoluteOnly: true });
    expect(z.parse(field, 'https://a.example/me')).toBe('https://a.example/me');
    expect(issues(field, '/politics')).toEqual([ABSOLUTE_LINK_MESSAGE]);
  });

  it('requires a link with the required variant, with one message for a missing one', () => {
    const field = requiredLinkField({ max: 500, required: 'Link is required' });
    expect(z.parse(field, ' https://a.example ')).toBe('https://a.example');
    expect(issues(field, undefined)).toEqual(['Link is required']);
    expect(issues(field, '  ')).toEqual(['Link is required']);
    expect(issues(field, 'vbscript:x')).toEqual([LINK_MESSAGE]);
  });
});
