import { Box, SimpleGrid, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { ArticleStatus } from '../../../shared/constants';
import { STATUS_LABELS } from '../../../shared/workflow';
import { STATUS_COLORS } from '../articles/list/article-row';
import type { ArticleCounts } from './api';
import classes from './Dashboard.module.css';
import { Panel } from './Panel';

/** In workflow order: what is being written, what waits on someone, what is out, what was stopped. */
const ORDER: ReadonlyArray<'ALL' | ArticleStatus> = [
  'ALL',
  'Draft',
  'Pending',
  'Need Review',
  'Approved',
  'Scheduled',
  'Published',
  'Rejected',
  'Retract',
];

/** Statuses where a non-zero count means someone has work to do. */
const ATTENTION = new Set<string>(['Need Review', 'Pending', 'Approved']);

const numbers = new Intl.NumberFormat('en');

/** The article list reads `?status=`; Published is its own tab, `Publish`. */
function listPathFor(status: 'ALL' | ArticleStatus): string {
  if (status === 'ALL') return '/article';
  const params = new URLSearchParams({ status: status === 'Published' ? 'Publish' : status });
  return `/article?${params}`;
}

/** Articles by status: one card per status, each a link to the list filtered to it. */
export function StatusCounts({ counts }: { counts: ArticleCounts }) {
  return (
    <Panel title="Articles by status" viewAll={{ to: '/article', label: 'Open the list' }}>
      <SimpleGrid cols={3} spacing="sm" verticalSpacing="sm">
        {ORDER.map((status) => {
          const count = counts[status] ?? 0;
          const label = status === 'ALL' ? 'All articles' : STATUS_LABELS[status];
          const color = status === 'ALL' ? 'brand' : (STATUS_COLORS[status] ?? 'gray');
          const style = {
            '--stat-accent': `var(--mantine-color-${color}-6)`,
            '--stat-tint': `var(--mantine-color-${color}-0)`,
            '--stat-tint-dark': `var(--mantine-color-${color}-light)`,
          } as CSSProperties;
          return (
            <Box
              key={status}
              component={Link}
              to={listPathFor(status)}
              className={classes.stat}
              style={style}
              mod={{ attention: ATTENTION.has(status) && count > 0 }}
              aria-label={`${label}: ${count}`}
            >
              <Text size="xs" c="dimmed" fw={600} lh={1.3}>
                {label}
              </Text>
              <Text fz={24} fw={700} lh={1.2} mt={2}>
                {numbers.format(count)}
              </Text>
            </Box>
          );
        })}
      </SimpleGrid>
    </Panel>
  );
}
