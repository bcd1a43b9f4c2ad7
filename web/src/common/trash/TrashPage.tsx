import { Text } from '@mantine/core';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import type { ScreenProps } from '../../app/screen';
import { ConfirmDialog } from '../ConfirmDialog';
import { DateCell } from '../DateCell';
import { errorMessage } from '../errors';
import { ListEmpty, ListLoading, ListRetry } from '../ListStates';
import { NameText } from '../list/cells';
import { runRowAction } from '../list/row-action';
import { useConfirmedRowAction } from '../list/use-confirm-target';
import { PageHeader } from '../PageHeader';
import { Pager } from '../Pager';
import { RecordList } from '../RecordList';
import { RowAction } from '../RowAction';
import { useNow } from '../use-now';
import { usePageParam } from '../use-page';
import {
  deleteForGood,
  restoreFromTrash,
  revalidateRemovable,
  TRASH_RESOURCES,
  type TrashedRecord,
  type TrashResource,
  useTrash,
} from './trash-api';
import {
  daysLeftText,
  deleteQuestion,
  expiryDay,
  expiryText,
  quoted,
  removedByText,
  trashDescription,
} from './trash-text';

export interface TrashPageProps extends ScreenProps {
  resource: TrashResource;
}

/**
 * A resource's trash: what was removed, by whom and when, and when it goes for good; each row with
 * Restore and Delete now (behind a red confirm). Gated by Remove on the resource (see trash-route.ts).
 */
export function TrashPage({ title, backTo, resource }: TrashPageProps) {
  const { many, one } = TRASH_RESOURCES[resource];
  const paging = usePageParam();
  const [page, setPage] = paging;
  const trash = useTrash(resource, page);
  const now = useNow(60_000);
  const [restoring, setRestoring] = useState<string | null>(null);

  const purge = useConfirmedRowAction((row: TrashedRecord) => ({
    run: () => deleteForGood(resource, row._id),
    done: `${quoted(row.title)} deleted for good`,
    failed: 'Could not delete',
    revalidate: () => revalidateRemovable(resource),
  }));

  const restore = async (row: TrashedRecord) => {
    setRestoring(row._id);
    await runRowAction({
      run: () => restoreFromTrash(resource, row._id),
      done: `${quoted(row.title)} restored`,
      failed: 'Could not restore',
      revalidate: () => revalidateRemovable(resource),
    });
    setRestoring(null);
  };

  const rows = trash.data?.list ?? [];
  let state: ReactNode = null;
  if (rows.length === 0) {
    if (trash.error)
      state = (
        <ListRetry
          onRetry={() => void trash.mutate()}
          busy={trash.isValidating}
          message={`The trash could not be loaded: ${errorMessage(trash.error)}`}
        />
      );
    else if (trash.isLoading || !trash.data) state = <ListLoading label="Loading the trash" />;
    else state = <ListEmpty title="Trash is empty">{`Nothing removed from the ${many} is waiting here.`}</ListEmpty>;
  }

  const actions = (row: TrashedRecord) => {
    const name = row.title.trim() || 'Untitled';
    return (
      <>
        <RowAction
          label="Restore"
          icon={<IconArrowBackUp size={15} />}
          ariaLabel={`Restore ${name}`}
          hint={`Put it back among the ${many}`}
          onClick={() => void restore(row)}
          disabledReason={restoring === row._id ? 'Restoring…' : null}
        />
        <RowAction
          label="Delete now"
          icon={<IconTrashX size={15} />}
          color="red"
          ariaLabel={`Delete now ${name}`}
          onClick={() => purge.ask(row)}
        />
      </>
    );
  };

  return (
    <>
      <PageHeader title={title} backTo={backTo} description={trashDescription(many)} />
      {trash.error && rows.length > 0 && (
        <ListRetry
          onRetry={() => void trash.mutate()}
          busy={trash.isValidating}
          message={`The trash could not be refreshed: ${errorMessage(trash.error)}`}
        />
      )}
      <RecordList
        label={`Trash: ${many}`}
        rows={rows}
        state={state}
        minWidth={720}
        actions={actions}
        columns={[
          { header: 'Name', miw: 200, render: (row) => <NameText>{row.title.trim() || 'Untitled'}</NameText> },
          { header: 'Removed by', miw: 120, render: (row) => <Text size="sm">{removedByText(row.trashedBy)}</Text> },
          { header: 'Removed', fit: true, render: (row) => <DateCell iso={row.trashedAt} /> },
          {
            header: 'Deleted for good',
            fit: true,
            // The day, and under it how long is left, like the date columns beside it.
            render: (row) => (
              <div style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{expiryDay(row.expiresAt) || '—'}</Text>
                <Text size="xs" c="dimmed">
                  {daysLeftText(row.expiresAt, now)}
                </Text>
              </div>
            ),
          },
        ]}
        card={{
          title: (row) => row.title.trim() || 'Untitled',
          lines: (row) => (
            <>
              <div>
                Removed by {removedByText(row.trashedBy)} on {formatDateTime(row.trashedAt)}
              </div>
              <div>{expiryText(row.expiresAt, now)}</div>
            </>
          ),
        }}
      />
      <Pager page={page} total={trash.data?.total} onChange={setPage} noun="in the trash" />
      <ConfirmDialog {...purge.dialog} title={`Delete ${one} for good`} confirmLabel="Delete now" danger>
        {purge.target ? deleteQuestion(purge.target.title) : ''}
      </ConfirmDialog>
    </>
  );
}
