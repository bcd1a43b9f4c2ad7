import { Button, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWRInfinite from 'swr/infinite';
import type { AuditPage as AuditPageData } from '../../../shared/audit';
import { AUDIT_RETENTION_DAYS } from '../../../shared/constants';
import type { ScreenProps } from '../app/screen';
import { ListEmpty, ListLoading, ListNoMatch, ListRetry } from '../common/ListStates';
import { PageHeader } from '../common/PageHeader';
import { RecordList } from '../common/RecordList';
import { useUserOptions } from '../users/api';
import { auditCard, auditColumns, auditExpanded, type EntryState } from './AuditEntry';
import { AuditFilterForm } from './AuditFilterForm';
import { type AuditFilters, auditKey, filterCount, readAuditFilters, withAuditFilters } from './audit-query';

/**
 * The audit trail (super admins): who signed in, or failed to; who changed an account, a role, the site or the home
 * page, and what changed. Filters by user, action and day live in the URL; "Load more" follows the API's cursor.
 */
export function AuditPage({ title }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const users = useUserOptions();
  const pages = useSWRInfinite<AuditPageData>(
    (index, previous: AuditPageData | null) => {
      if (index === 0) return auditKey(filters);
      return previous?.next ? auditKey(filters, previous.next) : null;
    },
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const entries = useMemo(() => pages.data?.flatMap((page) => page.list) ?? [], [pages.data]);
  const last = pages.data?.at(-1);
  const hasMore = Boolean(last?.next);
  const loadingMore = pages.isValidating && pages.size > (pages.data?.length ?? 0);
  const applied = filterCount(filters);

  const apply = (next: AuditFilters) => {
    setExpanded(new Set());
    setParams((current) => withAuditFilters(current, next));
  };
  const reset = () => apply({ user: null, action: null, day: null });
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const showUser = (id: string) => apply({ ...filters, user: id });
  const entryState: EntryState = {
    isOpen: (entry) => expanded.has(entry._id),
    onToggle: (entry) => toggle(entry._id),
    onShowUser: showUser,
  };

  let state: ReactNode = null;
  if (entries.length === 0) {
    if (pages.error) state = <ListRetry onRetry={() => void pages.mutate()} busy={pages.isValidating} />;
    else if (!pages.data) state = <ListLoading label="Loading the audit trail" />;
    else if (applied > 0) state = <ListNoMatch title="No entries match these filters" onReset={reset} />;
    else state = <ListEmpty title="Nothing recorded yet">Sign-ins and changes to accounts will show here.</ListEmpty>;
  }

  return (
    <>
      <PageHeader
        title={title}
        description={`Sign-ins, changes to accounts and roles, and changes to the site and home page, newest first. Entries are kept for ${AUDIT_RETENTION_DAYS} days.`}
      />
      <AuditFilterForm
        // A change from outside (Back, Reset, a name clicked in the list) starts the form afresh.
        key={`${filters.user}|${filters.action}|${filters.day}`}
        applied={filters}
        users={users.data?.list}
        usersLoading={!users.data && !users.error}
        onApply={apply}
        onReset={reset}
      />

      <RecordList
        label="Audit entries"
        rows={entries}
        state={state}
        minWidth={960}
        columns={auditColumns(entryState)}
        card={auditCard(entryState)}
        expanded={auditExpanded(entryState)}
      />

      {entries.length > 0 && (
        <Stack align="center" gap={6} mt="lg">
          {hasMore ? (
            <Button variant="default" onClick={() => void pages.setSize(pages.size + 1)} loading={loadingMore}>
              Load more
            </Button>
          ) : null}
          <Text size="xs" c="dimmed" role="status">
            {hasMore
              ? `Showing the latest ${entries.length} entries`
              : `${entries.length === 1 ? 'The only entry' : `All ${entries.length} entries`}${applied > 0 ? ' matching the filters' : ''}`}
          </Text>
        </Stack>
      )}
    </>
  );
}
