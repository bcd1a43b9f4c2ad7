import { describe, expect, it } from 'vitest';
import { ARTICLE_STATUSES } from '../../shared/constants';
import {
  allowedActions,
  canEditArticle,
  type EditorKind,
  type FromStatus,
  isLate,
  listActions,
  nextStatus,
  savesAsDraftOfChanges,
  scheduled,
  WORKFLOW_ACTIONS,
  type WorkflowRole,
  workflowRoleOf,
} from '../../shared/workflow';

/**
 * The expected machine, written out by hand from CONTRACT.md §4's table (not derived from the code under test):
 * per starting status, the result of [save, draft, publish, approve, reject, retract]; '-' is refused.
 */
type Row = [string, string, string, string, string, string];
const D = 'Draft';
const P = 'Published';
const NR = 'Need Review';
const X = '-';

/** The statuses that are neither waiting for review nor live: each role and editor kind treats them alike. */
const IDLE = ['Draft', 'Pending', 'Rejected', 'Retract', 'Approved'] as const;

/** One role and editor kind's rows: the idle statuses share a row, and so do the two live ones. */
function byStatus(by: { new: Row; idle: Row; 'Need Review': Row; live: Row }): Record<FromStatus, Row> {
  const idle = Object.fromEntries(IDLE.map((status) => [status, by.idle])) as Record<(typeof IDLE)[number], Row>;
  return { new: by.new, ...idle, 'Need Review': by['Need Review'], Published: by.live, Scheduled: by.live };
}

const EXPECTED: Record<`${WorkflowRole}/${EditorKind}`, Record<FromStatus, Row>> = {
  'editor/article': byStatus({
    new: [D, D, P, X, X, X],
    idle: [D, D, P, X, X, X],
    'Need Review': [D, D, P, 'Approved', 'Rejected', X],
    live: [D, D, P, X, X, 'Retract'],
  }),
  'editor/media': byStatus({
    new: [D, D, P, X, X, X],
    idle: [P, D, P, X, X, X],
    'Need Review': [P, D, P, 'Approved', 'Rejected', X],
    live: [P, D, P, X, X, 'Retract'],
  }),
  'contributor/article': byStatus({
    new: [D, D, NR, X, X, X],
    idle: [D, D, NR, X, X, X],
    'Need Review': [D, D, NR, X, X, X],
    live: [X, X, X, X, X, X],
  }),
  'contributor/media': byStatus({
    new: [D, D, NR, X, X, X],
    idle: [NR, D, NR, X, X, X],
    'Need Review': [NR, D, NR, X, X, X],
    live: [X, X, X, X, X, X],
  }),
};

describe('the article status machine', () => {
  const cases = Object.entries(EXPECTED).flatMap(([key, rows]) => {
    const [who, kind] = key.split('/') as [WorkflowRole, EditorKind];
    return Object.entries(rows).flatMap(([from, results]) =>
      WORKFLOW_ACTIONS.map((action, i) => ({ who, kind, from: from as FromStatus, action, expected: results[i] })),
    );
  });

  it('covers every status, action, role and editor kind', () => {
    expect(cases).toHaveLength([...ARTICLE_STATUSES, 'new'].length * WORKFLOW_ACTIONS.length * 2 * 2);
  });

  it.each(cases)(
    '$who in the $kind editor: $action from $from gives $expected',
    ({ who, kind, from, action, expected }) => {
      expect(nextStatus({ from, action, who, kind }) ?? X).toBe(expected);
    },
  );

  it('offers exactly the actions the table allows', () => {
    expect(allowedActions('Need Review', 'editor', 'article')).toEqual([
      'save',
      'draft',
      'publish',
      'approve',
      'reject',
    ]);
    expect(allowedActions('Published', 'contributor', 'media')).toEqual([]);
    expect(allowedActions('Published', 'editor', 'media')).toEqual(['save', 'draft', 'publish', 'retract']);
  });

  it('gives the list row actions of CONTRACT.md §4 to editors only', () => {
    expect(listActions('Need Review', 'editor')).toEqual(['publish', 'approve', 'reject']);
    expect(listActions('Approved', 'editor')).toEqual(['publish']);
    expect(listActions('Draft', 'editor')).toEqual(['publish']);
    for (const status of ['Rejected', 'Published', 'Pending', 'Retract', 'Scheduled'] as const) {
      expect(listActions(status, 'editor')).toEqual([]);
    }
    expect(listActions('Need Review', 'contributor')).toEqual([]);
    expect(listActions('Approved', 'contributor')).toEqual([]);
    expect(listActions('Draft', 'contributor')).toEqual([]);
  });
});

describe('scheduling', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');

  it('turns Published into Scheduled only when the publish date is still to come', () => {
    expect(scheduled('Published', '2026-11-21T10:00:01.000Z', now)).toBe('Scheduled');
    expect(scheduled('Published', '2026-11-21T10:00:00.000Z', now)).toBe('Published');
    expect(scheduled('Published', null, now)).toBe('Published');
    expect(scheduled('Need Review', '2030-01-01T00:00:00.000Z', now)).toBe('Need Review');
  });

  it('calls a Scheduled article late more than two minutes after its time', () => {
    expect(isLate({ status: 'Scheduled', publishDate: '2026-11-21T09:58:01.000Z' }, now)).toBe(false);
    expect(isLate({ status: 'Scheduled', publishDate: '2026-11-21T09:57:59.000Z' }, now)).toBe(true);
    expect(isLate({ status: 'Published', publishDate: '2026-11-21T09:00:00.000Z' }, now)).toBe(false);
  });
});

describe('who may edit an article', () => {
  const editor = { _id: 'e', modelPermissions: { Cms: ['Edit'] } };
  const own = { _id: 'o', modelPermissions: { Cms: ['Read', 'Edit:own'] } };
  const reader = { _id: 'r', modelPermissions: { Cms: ['Read', 'Write'] } };

  it('lets Edit edit everything, Edit:own only their own, and others nothing', () => {
    expect(canEditArticle(editor, { user: 'someone' })).toBe(true);
    expect(canEditArticle(own, { user: 'o' })).toBe(true);
    expect(canEditArticle(own, { user: { _id: 'o' } })).toBe(true);
    expect(canEditArticle(own, { user: 'someone' })).toBe(false);
    expect(canEditArticle(reader, { user: 'r' })).toBe(false);
    expect(canEditArticle({ isSuperAdmin: true }, { user: 'x' })).toBe(true);
  });

  it('makes Edit holders and super admins editors, everyone else contributors', () => {
    expect(workflowRoleOf(editor)).toBe('editor');
    expect(workflowRoleOf({ isSuperAdmin: true })).toBe('editor');
    expect(workflowRoleOf(own)).toBe('contributor');
    expect(workflowRoleOf(reader)).toBe('contributor');
  });
});

describe('a live article stays live while it is edited', () => {
  it('stores Save and Save Draft on a Published or Scheduled article as a draft of changes, in the article editors only', () => {
    for (const from of ['Published', 'Scheduled'] as const) {
      expect(savesAsDraftOfChanges(from, 'save', 'article')).toBe(true);
      expect(savesAsDraftOfChanges(from, 'draft', 'article')).toBe(true);
      expect(savesAsDraftOfChanges(from, 'publish', 'article')).toBe(false);
      expect(savesAsDraftOfChanges(from, 'retract', 'article')).toBe(false);
      expect(savesAsDraftOfChanges(from, 'save', 'media')).toBe(false);
    }
    for (const from of ARTICLE_STATUSES.filter((s) => s !== 'Published' && s !== 'Scheduled')) {
      expect(savesAsDraftOfChanges(from, 'save', 'article')).toBe(false);
    }
    expect(savesAsDraftOfChanges('new', 'save', 'article')).toBe(false);
  });
});
