import { Button, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PAGE_SIZE } from '../../../shared/constants';
import { pageCount, pageRange } from './paging';

export interface PagerProps {
  page: number;
  /** Undefined until the list has loaded. */
  total: number | undefined;
  /** usePageParam's setter. */
  onChange: (page: number, options?: { replace?: boolean }) => void;
  pageSize?: number;
  /** What the list holds, for the count line: 'users' gives '11–20 of 23 users'. */
  noun?: string;
  /** The rows per page a reader may pick (the article list), with what picking one does; none: the list's own. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
}

/**
 * The pager of every list (CONTRACT.md §2): Previous, the first and last page with an ellipsis between them and the
 * pages around the current one, then Next. Shown once the list has records; the buttons are hidden when
 * everything fits on one page, the count line stays. A page past the end (the last record on it went away, or
 * moved to another tab) falls back to the last page, replacing the URL rather than adding a history entry.
 */
export function Pager({ page, total, onChange, pageSize = PAGE_SIZE, noun, pageSizes, onPageSizeChange }: PagerProps) {
  const pages = pageCount(total ?? 0, pageSize);
  useEffect(() => {
    if (total !== undefined && page > pages) onChange(pages, { replace: true });
  }, [total, page, pages, onChange]);
  if (!total) return null;
  const current = Math.min(page, pages);
  const { from, to } = pageRange(current, total, pageSize);

  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {`${from}–${to} of ${total}${noun ? ` ${noun}` : ''}`}
        </Text>
        {pageSizes && onPageSizeChange && (
          <NativeSelect
            label="Rows per page"
            size="xs"
            w={150}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
            data={pageSizes.map(String)}
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          />
        )}
      </Group>
      {pages > 1 && (
        <Pagination.Root
          total={pages}
          value={current}
          onChange={onChange}
          size="sm"
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        >
          <Group component="nav" aria-label="Pagination" gap={6} wrap="wrap">
            <Button
              variant="default"
              size="compact-sm"
              h={28}
              leftSection={<IconChevronLeft size={14} />}
              disabled={current <= 1}
              onClick={() => onChange(current - 1)}
            >
              Previous
            </Button>
            <Pagination.Items />
            <Button
              variant="default"
              size="compact-sm"
              h={28}
              rightSection={<IconChevronRight size={14} />}
              disabled={current >= pages}
              onClick={() => onChange(current + 1)}
            >
              Next
            </Button>
          </Group>
        </Pagination.Root>
      )}
    </Group>
  );
}
