/**
 * The article list's bulk actions around review and the trash, and the audit screen's links: Reject asks for a note
 * and sends it with every row; Move to trash names the live stories among the rows; an article's audit entry links
 * to the article (a move to the trash to the trash, a deletion for good nowhere).
 */
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../shared/audit';
import type { ArticleRow } from '../../shared/schemas/article-record';
import { articleBulkActions } from '../../web/src/articles/list/bulk-actions';
import { targetLink } from '../../web/src/audit/audit-query';
import { runBulk, splitRows } from '../../web/src/common/list/bulk';
import { articleRow } from './records';

const sent = vi.hoisted(() => [] as unknown[][]);
vi.mock('../../web/src/articles/api', () => ({
  changeArticleStatus: async (...args: unknown[]) => {
    sent.push(args);
    return { status: 'Rejected' };
  },
}));
vi.mock('../../web/src/common/trash/trash-api', () => ({
  TRASH_RESOURCES: { Cms: { one: 'article', many: 'articles' } },
  moveToTrash: async () => null,
}));

const action = (key: string) => {
  const found = articleBulkActions('editor', true).find((a) => a.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};

describe('bulk Reject', () => {
  it('asks for a note to the authors and sends it with every row', async () => {
    const reject = action('reject');
    expect(reject.asksNote).toMatchObject({ label: 'Note to the author', max: 1000 });
    sent.length = 0;
    const rows = [articleRow('Need Review', 'One'), articleRow('Need Review', 'Two')];
    await runBulk(reject, rows, () => 'failed', 1, 'Check the quotes');
    expect(sent.map(([article, move, note]) => [(article as ArticleRow)._id, move, note])).toEqual([
      ['IDOne', 'reject', 'Check the quotes'],
      ['IDTwo', 'reject', 'Check the quotes'],
    ]);
  });

  it('asks no note for the other moves', () => {
    for (const key of ['publish', 'approve', 'retract', 'trash']) expect(action(key).asksNote).toBeUndefined();
  });
});

describe('bulk Move to trash', () => {
  it('names the live stories (Published and Scheduled) among the rows it applies to, by title', () => {
    const trash = action('trash');
    const rows = [
      articleRow('Draft', 'Notes'),
      articleRow('Published', 'Flood warning'),
      articleRow('Scheduled', 'Budget day'),
      articleRow('Need Review', 'Letters'),
    ];
    const warning = trash.warning?.(splitRows(trash, rows).apply);
    expect(warning).toContain('2 of them are live');
    expect(warning).toContain('“Flood warning” (Published)');
    expect(warning).toContain('“Budget day” (Scheduled)');
    expect(warning).not.toContain('Notes');
    expect(warning).not.toContain('Letters');
    expect(trash.warning?.([articleRow('Published', 'Flood warning')])).toBe(
      '1 of them is live and comes off the site: “Flood warning” (Published).',
    );
  });

  it('says nothing more when none of them is live', () => {
    expect(action('trash').warning?.([articleRow('Draft', 'Notes'), articleRow('Retract', 'Old')])).toBeNull();
  });
});

describe('the audit screen links an article entry', () => {
  const entry = (action: AuditEntry['action'], targetType: AuditEntry['targetType'] = 'article'): AuditEntry => ({
    _id: 'E',
    at: '2026-11-28T10:00:00.000Z',
    action,
    ip: '10.0.0.1',
    targetType,
    targetId: '01JD0000000000000000000000',
    targetName: 'Flood warning',
  });

  it('to the article for its editorial moves and a restore, to the trash for a move there', () => {
    expect(targetLink(entry('articlePublished'))?.to).toBe('/article/edit/01JD0000000000000000000000');
    expect(targetLink(entry('articleRejected'))?.to).toBe('/article/edit/01JD0000000000000000000000');
    expect(targetLink(entry('recordRestored'))?.to).toBe('/article/edit/01JD0000000000000000000000');
    expect(targetLink(entry('recordTrashed'))?.to).toBe('/article/trash');
  });

  it('nowhere once it is deleted for good, nor for other kinds of target', () => {
    expect(targetLink(entry('recordDeleted'))).toBeNull();
    expect(targetLink(entry('trashExpired'))).toBeNull();
    expect(targetLink(entry('recordTrashed', 'category'))).toBeNull();
  });
});
