import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListEmpty, ListLoading, ListNoMatch, ListRetry } from '../common/ListStates';
import { AssetGrid } from './AssetGrid';
import { AssetTable } from './AssetTable';
import { type AssetView, type LibraryFilters as Filters, filterCount, NO_FILTERS, useAssetPages } from './api';
import { LibraryFilters } from './LibraryFilters';

export interface LibraryBrowserProps {
  filters: Filters;
  onFilters: (filters: Filters) => void;
  onOpen: (asset: AssetView) => void;
  /** The picker: only pictures, and why one cannot be chosen for the field. */
  picker?: { refusal: (asset: AssetView) => string | null; selectedId?: string | null };
}

/** The library's search and filters, its pictures as a grid and other files as a list, and Load more. */
export function LibraryBrowser({ filters, onFilters, onOpen, picker }: LibraryBrowserProps) {
  const pages = useAssetPages(filters);
  const images = pages.list.filter((asset) => asset.kind === 'image');
  const others = picker ? [] : pages.list.filter((asset) => asset.kind !== 'image');
  const applied = filterCount({ ...filters, kind: picker ? null : filters.kind });

  let state: ReactNode = null;
  if (pages.list.length === 0) {
    if (pages.error)
      state = <ListRetry onRetry={pages.retry} busy={pages.validating} message="The library could not be loaded." />;
    else if (!pages.loaded) state = <ListLoading label="Loading the library" />;
    else if (pages.hasMore) state = <ListEmpty title="No match in the files searched so far" />;
    else if (applied > 0)
      state = (
        <ListNoMatch
          title="No files match"
          onReset={() => onFilters({ ...NO_FILTERS, kind: filters.kind && picker ? filters.kind : null })}
        />
      );
    else state = <ListEmpty title="The library is empty">Files uploaded in any form appear here.</ListEmpty>;
  }

  return (
    <Stack gap="md">
      <LibraryFilters
        key={JSON.stringify(filters)}
        applied={filters}
        onApply={onFilters}
        lockedKind={picker ? 'image' : undefined}
      />
      {state && (
        <Paper withBorder radius="md" py={40} px="md">
          <Stack align="center">{state}</Stack>
        </Paper>
      )}
      {images.length > 0 && (
        <AssetGrid assets={images} onOpen={onOpen} refusal={picker?.refusal} selectedId={picker?.selectedId} />
      )}
      {others.length > 0 && (
        <Stack gap="xs">
          {images.length > 0 && (
            <Title order={2} fz="md" mt="sm">
              Videos and documents
            </Title>
          )}
          <AssetTable assets={others} onOpen={onOpen} />
        </Stack>
      )}
      <MoreFooter pages={pages} />
    </Stack>
  );
}

function MoreFooter({ pages }: { pages: ReturnType<typeof useAssetPages> }) {
  if (pages.list.length === 0 && !pages.hasMore) return null;
  const count = pages.list.length;
  return (
    <Stack align="center" gap={6} mt="sm">
      {pages.hasMore && (
        <Button variant="default" onClick={pages.loadMore} loading={pages.loadingMore}>
          Load more
        </Button>
      )}
      <Text size="xs" c="dimmed" role="status" ta="center">
        {pages.partial
          ? 'Searched part of the library — Load more to search further'
          : pages.hasMore
            ? `Showing the latest ${count} files`
            : count === 1
              ? 'The only file'
              : `All ${count} files`}
      </Text>
    </Stack>
  );
}
