/**
 * One label per article status (CONTRACT.md §4): the map in shared/workflow.ts, the helpers that read it, and no screen
 * writing a status's name (or a name of its own, such as "Review") into its markup by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLE_STATUSES } from '../../shared/constants';
import type { ArticleDetail } from '../../shared/schemas/article-record';
import { articleStatusLabel, STATUS_LABELS } from '../../shared/workflow';
import { statusLabel } from '../../web/src/articles/safety-net/edited-article';
import { placementProblem } from '../../web/src/home/api';

const WEB_SRC = join(import.meta.dirname, '../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

describe('status labels', () => {
  it('names every status once, and Need Review as "Need Review"', () => {
    expect(Object.keys(STATUS_LABELS).sort()).toEqual([...ARTICLE_STATUSES].sort());
    const labels = Object.values(STATUS_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    expect(STATUS_LABELS['Need Review']).toBe('Need Review');
    for (const label of labels) expect(label).not.toMatch(/^Review$/i);
  });

  it('labels a status, and leaves anything else as it is', () => {
    for (const status of ARTICLE_STATUSES) expect(articleStatusLabel(status)).toBe(STATUS_LABELS[status]);
    expect(articleStatusLabel('Publish')).toBe('Publish');
    expect(articleStatusLabel('')).toBe('');
  });

  it("gives the editor's header and the home page's warnings the same label", () => {
    const article = (status: ArticleDetail['status'], draft: ArticleDetail['draft'] = null) => ({ status, draft });
    expect(statusLabel(article('Need Review'))).toBe(STATUS_LABELS['Need Review']);
    expect(
      statusLabel(
        article('Published', { at: '2026-01-01T00:00:00.000Z', by: null, fields: { title: 'Story' }, media: {} }),
      ),
    ).toBe(`${STATUS_LABELS.Published} · unpublished changes`);
    expect(statusLabel(undefined)).toBe('New');
    expect(placementProblem({ status: 'Need Review', type: 'Article' })).toBe(STATUS_LABELS['Need Review']);
  });

  it('is never written into a screen by hand', () => {
    // A status's name (or "Review") as the whole text of an element: it must come from STATUS_LABELS instead.
    const names = [...new Set([...ARTICLE_STATUSES, ...Object.values(STATUS_LABELS), 'Review', 'Need review'])];
    const handWritten = new RegExp(`>\\s*(${names.join('|')})\\s*</`, 'i');
    const offenders = sourceFiles(WEB_SRC).flatMap((file) => {
      const match = readFileSync(file, 'utf8').match(handWritten);
      return match ? [`${relative(WEB_SRC, file)}: ${match[0].replace(/\s+/g, ' ')}`] : [];
    });
    expect(offenders).toEqual([]);
  });
});
