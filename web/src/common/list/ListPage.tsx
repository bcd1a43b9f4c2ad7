import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListEmpty, type ListLoad, listStateMessage } from '../ListStates';
import { PageHeader } from '../PageHeader';
import { Pager } from '../Pager';
import { RecordList, type RecordListProps } from '../RecordList';
import type { usePageParam } from '../use-page';
import { BulkBar, type BulkConfig } from './BulkBar';
import { useSelection } from './use-selection';

export interface CreateButtonProps {
  label: string;
  /** A create screen … */
  to?: string;
  /** … or a modal. */
  onClick?: () => void;
}

/** A list's 'Add …' button in its header. */
export function CreateButton({ label, to, onClick }: CreateButtonProps) {
  const icon = <IconPlus size={18} />;
  return to ? (
    <Button component={Link} to={to} leftSection={icon}>
      {label}
    </Button>
  ) : (
    <Button leftSection={icon} onClick={onClick}>
      {label}
    </Button>
  );
}

export interface ListPageProps<T extends { _id: string }>
  extends Pick<RecordListProps<T>, 'label' | 'columns' | 'card' | 'minWidth' | 'compact'> {
  title: string;
  description?: ReactNode;
  /** Header buttons before the create button (filters, an upload). */
  actions?: ReactNode;
  /** The create button; absent for those who may not create. */
  create?: CreateButtonProps | false;
  /** Between the header and the records: tabs, a filter panel. */
  filters?: ReactNode;
  /** The list's SWR read. */
  load: ListLoad & { data?: { list: T[]; total: number } };
  /** usePageParam's page and setter. */
  paging: ReturnType<typeof usePageParam>;
  /** Once the list has loaded empty: its title ('No roles yet' from the label unless given), and what to do about it … */
  emptyTitle?: string;
  emptyHint?: ReactNode;
  /** … unless filters are in use: then this, which offers to drop them. */
  noMatch?: ReactNode;
  rowActions: RecordListProps<T>['actions'];
  pageSize?: number;
  /** Rows per page the reader may pick, and what picking one does (the pager shows the choice). */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** What the list holds, for the pager's count line ('roles'); the label in lower case unless given. */
  noun?: string;
  /** Dialogs the rows open. */
  children?: ReactNode;
  /** Check boxes on the rows and a bar of bulk actions over the picked ones; none when no action is offered. */
  bulk?: BulkConfig<T>;
}

/** A list screen (CONTRACT.md §2): the header with its create button, the records as a table or cards, the pager. */
export function ListPage<T extends { _id: string }>(props: ListPageProps<T>) {
  const { title, description, actions, create, filters, load, paging, label, children } = props;
  const [page, setPage] = paging;
  const emptyTitle = props.emptyTitle ?? `No ${label.toLowerCase()} yet`;
  const empty = props.noMatch || <ListEmpty title={emptyTitle}>{props.emptyHint}</ListEmpty>;
  const rows = load.data?.list ?? [];
  const bulk = props.bulk && props.bulk.actions.length > 0 ? props.bulk : undefined;
  const picking = useSelection(rows, props.bulk?.nameOf ?? (() => ''));
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          (actions || create) && (
            <>
              {actions}
              {create && <CreateButton {...create} />}
            </>
          )
        }
      />
      {filters}
      {bulk && <BulkBar {...bulk} selected={picking.selected} onClear={picking.clear} />}
      <RecordList
        label={label}
        rows={rows}
        selection={bulk && picking.selection}
        state={listStateMessage(load, `Loading ${label.toLowerCase()}`, empty)}
        minWidth={props.minWidth}
        actions={props.rowActions}
        columns={props.columns}
        card={props.card}
        compact={props.compact}
      />
      <Pager
        page={page}
        total={load.data?.total}
        onChange={setPage}
        pageSize={props.pageSize}
        pageSizes={props.pageSizes}
        onPageSizeChange={props.onPageSizeChange}
        noun={props.noun ?? label.toLowerCase()}
      />
      {children}
    </>
  );
}
