import { Anchor, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format';
import { canEditArticle, STATUS_LABELS } from '../../../shared/workflow';
import { editPathFor, previewPathFor } from '../articles/form/paths';
import { STATUS_COLORS } from '../articles/list/article-row';
import { useSession } from '../session/session-context';
import type { ArticleFigures, DashboardArticle, ReturnedArticle } from './api';
import classes from './Dashboard.module.css';
import { ItemList, Panel, PanelEmpty } from './Panel';
import { relativeTime } from './relative-time';

const statusList = (status: string) => `/article?${new URLSearchParams({ status })}`;

/** A date and how far it is from now, the exact one on hover. */
function When({ iso, now, prefix }: { iso: string | null; now: Date; prefix?: string }) {
  if (!iso) return null;
  return (
    <Tooltip label={formatDateTime(iso)} withArrow openDelay={300}>
      <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {prefix}
        {relativeTime(iso, now)}
      </Text>
    </Tooltip>
  );
}

interface ArticleItemProps {
  article: DashboardArticle;
  /** Under the title: who and when. */
  meta: ReactNode;
  /** On the right: a status, a time. */
  aside?: ReactNode;
  late?: boolean;
}

/** One article: its title links to its editor (or, for those who may not edit it, to its preview). */
function ArticleItem({ article, meta, aside, late }: ArticleItemProps) {
  const { user } = useSession();
  const to = canEditArticle(user, article) ? editPathFor(article.type, article._id) : previewPathFor(article._id);
  return (
    <Group className={classes.item} mod={{ late }} justify="space-between" gap="sm" wrap="nowrap" component="li">
      <Box miw={0}>
        <Anchor component={Link} to={to} size="sm" fw={600} c="var(--mantine-color-text)" lineClamp={2}>
          {article.title || 'Untitled'}
        </Anchor>
        <Text size="xs" c="dimmed" mt={2} component="div">
          {meta}
        </Text>
      </Box>
      {aside && <Box style={{ flexShrink: 0, textAlign: 'right' }}>{aside}</Box>}
    </Group>
  );
}

/** A panel's articles, or what it says when there are none. */
function ArticleList<T>({ label, items, empty, row }: ArticleListProps<T>) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <ItemList label={label}>
      {items.map((item) => {
        const props = row(item);
        return <ArticleItem key={props.article._id} {...props} />;
      })}
    </ItemList>
  );
}

interface ArticleListProps<T> {
  /** The list's accessible name. */
  label: string;
  items: readonly T[];
  empty: ReactNode;
  /** What an item's row shows. */
  row: (item: T) => ArticleItemProps;
}

/** The review queue: what contributors submitted and an editor has to look at. */
export function NeedReviewPanel({ figures, now }: { figures: ArticleFigures; now: Date }) {
  const waiting = figures.counts['Need Review'] ?? 0;
  return (
    <Panel
      title={STATUS_LABELS['Need Review']}
      count={waiting}
      countColor={waiting > 0 ? 'orange' : 'gray'}
      viewAll={waiting > 0 ? { to: statusList('Need Review') } : undefined}
    >
      <ArticleList
        label="Waiting for review"
        items={figures.needReview}
        empty={<PanelEmpty title="Nothing waiting for review">Submitted articles show up here.</PanelEmpty>}
        row={(article) => ({
          article,
          meta: (
            <>
              {article.type} · by {article.user?.name || 'no author'} · <When iso={article.updatedAt} now={now} />
            </>
          ),
          aside: (
            <Badge color={STATUS_COLORS['Need Review']} variant="light" size="sm">
              {STATUS_LABELS['Need Review']}
            </Badge>
          ),
        })}
      />
    </Panel>
  );
}

/** What goes out next, and above it anything the publisher should already have put out. */
export function ScheduledPanel({ figures, now }: { figures: ArticleFigures; now: Date }) {
  const scheduled = figures.counts.Scheduled ?? 0;
  const items = [
    ...figures.late.map((a) => ({ article: a, late: true })),
    ...figures.upcoming.map((a) => ({ article: a, late: false })),
  ];
  return (
    <Panel
      title="Scheduled next"
      count={scheduled}
      countColor={figures.late.length > 0 ? 'red' : 'indigo'}
      viewAll={scheduled > 0 ? { to: statusList('Scheduled') } : undefined}
    >
      <ArticleList
        label="Scheduled articles"
        items={items}
        empty={<PanelEmpty title="Nothing scheduled">Articles published with a later date wait here.</PanelEmpty>}
        row={({ article, late }) => ({
          article,
          late,
          meta: late ? (
            <Text span size="xs" c="var(--mantine-color-error)">
              Was due {relativeTime(article.publishDate, now)} · by {article.user?.name || 'no author'}
            </Text>
          ) : (
            <>
              {article.type} · by {article.user?.name || 'no author'}
            </>
          ),
          aside: (
            <>
              {late && (
                <Badge color="red" variant="filled" size="sm" mb={2}>
                  Late
                </Badge>
              )}
              <Text size="xs" fw={600} c={late ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(article.publishDate)}
              </Text>
              {!late && <When iso={article.publishDate} now={now} />}
            </>
          ),
        })}
      />
    </Panel>
  );
}

/** The latest saves across the newsroom: which article, its status now, who saved it and when. */
export function RecentlyUpdatedPanel({ figures, now }: { figures: ArticleFigures; now: Date }) {
  return (
    <Panel title="Recently updated" viewAll={figures.recentlyUpdated.length > 0 ? { to: '/article' } : undefined}>
      <ArticleList
        label="Recently updated articles"
        items={figures.recentlyUpdated}
        empty={<PanelEmpty title="No articles yet">The latest changes to articles show up here.</PanelEmpty>}
        row={(article) => ({
          article,
          meta: (
            <>
              {article.updatedBy?.name || article.user?.name || 'Someone'} · <When iso={article.updatedAt} now={now} />
            </>
          ),
          aside: (
            <Badge color={STATUS_COLORS[article.status] ?? 'gray'} variant="light" size="sm">
              {STATUS_LABELS[article.status]}
            </Badge>
          ),
        })}
      />
    </Panel>
  );
}

/**
 * "Returned to me": the user's own articles an editor sent back (Rejected), newest first, each with the note
 * saying what to change; the title opens the article's editor.
 */
export function ReturnedPanel({ returned, now }: { returned: readonly ReturnedArticle[]; now: Date }) {
  return (
    <Panel title="Returned to me" count={returned.length} countColor={returned.length > 0 ? 'red' : 'gray'}>
      {returned.length === 0 ? (
        <PanelEmpty title="Nothing sent back">
          Articles an editor returns to you, with their note, show up here.
        </PanelEmpty>
      ) : (
        <ItemList label="Articles returned to me">
          {returned.map((article) => (
            <Box key={article._id} className={classes.item} component="li">
              <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                <Anchor
                  component={Link}
                  to={editPathFor(article.type, article._id)}
                  size="sm"
                  fw={600}
                  c="var(--mantine-color-text)"
                  lineClamp={2}
                >
                  {article.title || 'Untitled'}
                </Anchor>
                <Badge color={STATUS_COLORS.Rejected} variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {STATUS_LABELS.Rejected}
                </Badge>
              </Group>
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
                {article.note}
              </Text>
              <Text size="xs" c="dimmed" mt={2} component="div">
                {article.by.name} · <When iso={article.at} now={now} />
              </Text>
            </Box>
          ))}
        </ItemList>
      )}
    </Panel>
  );
}
