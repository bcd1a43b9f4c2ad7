import {
  Anchor,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowRight, IconCalendar, IconChevronDown, IconListSearch, IconUser } from '@tabler/icons-react';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { AuditEntry, AuditPage as AuditPageData } from '../../../shared/audit';
import { AUDIT_RETENTION_DAYS } from '../../../shared/constants';
import type { ListPage } from '../api/list';
import { DateCell } from '../common/DateCell';
import { FilterForm } from '../common/FilterPanel';
import { CardMessage, ListEmpty, ListLoading, ListNoMatch, ListRetry, TableMessageRow } from '../common/ListStates';
import { PageHeader } from '../common/PageHeader';
import { useIsNarrow } from '../common/use-narrow';
import type { ScreenProps } from '../routes';
import {
  type AuditFilters,
  actionColor,
  actionLabel,
  actionOptions,
  auditKey,
  changeCount,
  fieldLabel,
  filterCount,
  readAuditFilters,
  targetTypeLabel,
  valueText,
  withAuditFilters,
} from './audit-query';

interface UserOption {
  _id: string;
  name: string;
  email?: string;
}

const USERS_KEY = '/user?all=true';
const COLUMNS = ['When', 'Who', 'Action', 'Target', 'IP', 'What changed'] as const;

/** Seconds and the weekday, for the tooltip of a time: an audit is read to the second. */
const exactTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * The audit trail (super admins): who signed in, or failed to; who changed an account, a role, the site or the home
 * page, and what changed. Filters by user, action and day live in the URL; "Load more" follows the API's cursor.
 */
export function AuditPage({ title }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const narrow = useIsNarrow();
  const users = useSWR<ListPage<UserOption>>(USERS_KEY, { revalidateOnFocus: false });
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

      {narrow ? (
        <Stack gap="sm" role="list" aria-label="Audit entries">
          {state ? (
            <CardMessage>{state}</CardMessage>
          ) : (
            entries.map((entry) => (
              <EntryCard
                key={entry._id}
                entry={entry}
                open={expanded.has(entry._id)}
                onToggle={() => toggle(entry._id)}
                onShowUser={showUser}
              />
            ))
          )}
        </Stack>
      ) : (
        <Paper withBorder radius="md" p={0}>
          <Table.ScrollContainer type="native" minWidth={960}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Audit entries" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state ? (
                  <TableMessageRow colSpan={COLUMNS.length}>{state}</TableMessageRow>
                ) : (
                  entries.map((entry) => (
                    <EntryRows
                      key={entry._id}
                      entry={entry}
                      open={expanded.has(entry._id)}
                      onToggle={() => toggle(entry._id)}
                      onShowUser={showUser}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

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

interface AuditFilterFormProps {
  applied: AuditFilters;
  users: UserOption[] | undefined;
  usersLoading: boolean;
  onApply: (filters: AuditFilters) => void;
  onReset: () => void;
}

function AuditFilterForm({ applied, users, usersLoading, onApply, onReset }: AuditFilterFormProps) {
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const userOptions = useMemo(() => {
    const options = (users ?? []).map((u) => ({ value: u._id, label: u.email ? `${u.name} (${u.email})` : u.name }));
    // A user deleted since, or not loaded yet, still shows as chosen.
    if (draft.user && !options.some((o) => o.value === draft.user)) {
      options.unshift({ value: draft.user, label: usersLoading ? 'Loading…' : 'Unknown user' });
    }
    return options;
  }, [users, usersLoading, draft.user]);
  const actions = useMemo(actionOptions, []);

  return (
    <FilterForm label="Filter the audit trail" onApply={() => onApply(draft)} onReset={onReset}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="User"
          placeholder={usersLoading ? 'Loading users…' : 'Anyone'}
          leftSection={<IconUser size={16} />}
          data={userOptions}
          value={draft.user}
          onChange={(user) => setDraft((d) => ({ ...d, user }))}
          searchable
          clearable
          nothingFoundMessage="No user matches"
          comboboxProps={{ shadow: 'md' }}
        />
        <Select
          label="Action"
          placeholder="Any action"
          leftSection={<IconListSearch size={16} />}
          data={actions}
          value={draft.action}
          onChange={(action) => setDraft((d) => ({ ...d, action: action as AuditFilters['action'] }))}
          searchable
          clearable
          nothingFoundMessage="No action matches"
          comboboxProps={{ shadow: 'md' }}
          maxDropdownHeight={360}
        />
        <DatePickerInput
          label="Day (UTC)"
          placeholder="Any day"
          leftSection={<IconCalendar size={16} />}
          valueFormat="DD/MM/YYYY"
          clearable
          maxDate={new Date()}
          value={draft.day}
          onChange={(day) => setDraft((d) => ({ ...d, day }))}
          popoverProps={{ shadow: 'md' }}
          ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
        />
      </SimpleGrid>
    </FilterForm>
  );
}

interface EntryProps {
  entry: AuditEntry;
  open: boolean;
  onToggle: () => void;
  onShowUser: (id: string) => void;
}

function When({ at }: { at: string }) {
  return (
    <Tooltip label={exactTime(at)} withArrow openDelay={300}>
      <Box w="fit-content">
        <DateCell iso={at} />
      </Box>
    </Tooltip>
  );
}

function Who({ entry, onShowUser }: Pick<EntryProps, 'entry' | 'onShowUser'>) {
  const { actorId, actorName, email } = entry;
  return (
    <Box miw={0}>
      {actorId && actorName ? (
        <Tooltip label="Show only this person’s entries" withArrow openDelay={400}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            c="var(--mantine-color-text)"
            onClick={() => onShowUser(actorId)}
            ta="left"
            style={{ overflowWrap: 'anywhere' }}
          >
            {actorName}
          </Anchor>
        </Tooltip>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          {email ? 'No such account' : 'Unknown'}
        </Text>
      )}
      {email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
      )}
    </Box>
  );
}

function ActionBadge({ action }: { action: string }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Box
        w={8}
        h={8}
        mt={6}
        bg={`${actionColor(action)}.6`}
        style={{ borderRadius: '50%', flex: 'none' }}
        aria-hidden
      />
      <Text size="sm" fw={500} lh={1.4}>
        {actionLabel(action)}
      </Text>
    </Group>
  );
}

/** `::ffff:10.0.0.7` (an IPv4 address as IPv6 servers write it) as `10.0.0.7`. */
const ipText = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function Target({ entry }: { entry: AuditEntry }) {
  if (!entry.targetType && !entry.targetName)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {targetTypeLabel(entry.targetType)}
      </Text>
      {entry.targetName && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.targetName}
        </Text>
      )}
    </Box>
  );
}

function ChangesToggle({ entry, open, onToggle }: Pick<EntryProps, 'entry' | 'open' | 'onToggle'>) {
  const count = changeCount(entry);
  if (count === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const fields = Object.keys(entry.changes ?? {});
  // A short note alone (the browser signed in with, why a sign-in failed) needs no unfolding.
  if (fields.length === 0 && entry.note && entry.note.length <= 80) {
    return (
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {entry.note}
      </Text>
    );
  }
  const summary =
    fields.length === 0 ? 'Details' : fields.length === 1 ? fieldLabel(fields[0] ?? '') : `${fields.length} fields`;
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={open}
      aria-label={`${open ? 'Hide' : 'Show'} what changed: ${summary}`}
      style={{ borderRadius: 4 }}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="brand.7" fw={500}>
          {summary}
        </Text>
        <IconChevronDown
          size={14}
          color="var(--mantine-color-brand-7)"
          style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease', flex: 'none' }}
        />
      </Group>
    </UnstyledButton>
  );
}

/** Field by field, before → after; then the entry's note, if any. */
function Changes({ entry }: { entry: AuditEntry }) {
  const rows = Object.entries(entry.changes ?? {});
  const narrow = useIsNarrow();
  return (
    <Stack gap="xs">
      {rows.length > 0 && (
        <Box
          component="dl"
          m={0}
          style={{
            display: 'grid',
            gridTemplateColumns: narrow ? '1fr' : 'minmax(120px, max-content) 1fr',
            gap: narrow ? '2px' : '8px 16px',
          }}
        >
          {rows.map(([field, [before, after]]) => (
            <Fragment key={field}>
              <Text component="dt" size="sm" c="dimmed" fw={500}>
                {fieldLabel(field)}
              </Text>
              <Box component="dd" m={0} mb={narrow ? 8 : 0} miw={0}>
                <Group gap={8} wrap="wrap" align="center">
                  <Text
                    size="sm"
                    px={6}
                    bg="red.0"
                    c="red.9"
                    style={{
                      borderRadius: 4,
                      overflowWrap: 'anywhere',
                      textDecoration: 'line-through',
                      textDecorationColor: 'var(--mantine-color-red-3)',
                    }}
                  >
                    <VisuallyHidden component="span">Before: </VisuallyHidden>
                    {valueText(before)}
                  </Text>
                  <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-hidden style={{ flex: 'none' }} />
                  <Text size="sm" px={6} bg="green.0" c="green.9" style={{ borderRadius: 4, overflowWrap: 'anywhere' }}>
                    <VisuallyHidden component="span">After: </VisuallyHidden>
                    {valueText(after)}
                  </Text>
                </Group>
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
      {entry.note && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.note}
        </Text>
      )}
    </Stack>
  );
}

function EntryRows({ entry, open, onToggle, onShowUser }: EntryProps) {
  return (
    <>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
          <When at={entry.at} />
        </Table.Td>
        <Table.Td miw={180} maw={280} style={{ verticalAlign: 'top' }}>
          <Who entry={entry} onShowUser={onShowUser} />
        </Table.Td>
        <Table.Td miw={150} style={{ verticalAlign: 'top' }}>
          <ActionBadge action={entry.action} />
        </Table.Td>
        <Table.Td miw={140} maw={260} style={{ verticalAlign: 'top' }}>
          <Target entry={entry} />
        </Table.Td>
        <Table.Td style={{ verticalAlign: 'top' }}>
          <Text size="xs" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {entry.ip ? ipText(entry.ip) : '—'}
          </Text>
        </Table.Td>
        <Table.Td miw={130} style={{ verticalAlign: 'top' }}>
          <ChangesToggle entry={entry} open={open} onToggle={onToggle} />
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr bg="gray.0">
          <Table.Td colSpan={COLUMNS.length} px="lg" py="md">
            <Changes entry={entry} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function EntryCard({ entry, open, onToggle, onShowUser }: EntryProps) {
  const count = changeCount(entry);
  return (
    <Paper withBorder radius="md" p="md" role="listitem">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <ActionBadge action={entry.action} />
        <Box ta="right" style={{ flex: 'none' }}>
          <When at={entry.at} />
        </Box>
      </Group>
      <Stack gap={6} mt="sm">
        <Who entry={entry} onShowUser={onShowUser} />
        {(entry.targetType || entry.targetName) && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" c="dimmed">
              {targetTypeLabel(entry.targetType)}:{' '}
            </Text>
            {entry.targetName ?? '—'}
          </Text>
        )}
        <Text size="xs" c="dimmed" ff="monospace">
          {entry.ip ? ipText(entry.ip) : ''}
        </Text>
      </Stack>
      {count > 0 && (
        <>
          <Box mt={6}>
            <ChangesToggle entry={entry} open={open} onToggle={onToggle} />
          </Box>
          <Collapse expanded={open}>
            <Paper bg="gray.0" p="sm" mt="xs" radius="sm" shadow="none">
              <Changes entry={entry} />
            </Paper>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
