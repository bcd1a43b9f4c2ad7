import { Alert, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconInfoCircle, IconLock, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import type { ArticleType } from '../../../shared/constants';
import { ARTICLE_RESOURCE, canAccess } from '../../../shared/permissions';
import { ApiError } from '../api/client';
import { ListLoading, ListRetry } from '../common/ListStates';
import { SmallButton } from '../common/SmallButton';
import { useIsNarrow } from '../common/use-narrow';
import { useSession } from '../session/session-context';
import { ArticleSummary } from './ArticleSummary';
import { newsRows, type PlacedArticle, placedFromRow, SEARCH_LIMIT, useArticleSearch } from './api';

/** Long enough that typing a word sends one request, short enough to feel live. */
const SEARCH_DELAY_MS = 300;
/** On wide windows the results scroll inside the picker, so Save and the chosen list stay near. */
const RESULTS_MAX_HEIGHT = 520;

export interface ArticlePickerProps {
  /** The heading over the search box. */
  title?: string;
  /** Already chosen: shown as such instead of offering Add again. */
  chosenIds: ReadonlySet<string>;
  onPick: (article: PlacedArticle) => void;
  /** When set, nothing more can be added, and this says why. */
  fullReason?: string | null;
  /** The button's text on each result ('Add', 'Use as cover'). */
  pickLabel?: string;
  /** What a chosen result's button says ('Added', 'Current cover'). */
  chosenLabel?: string;
  /** A video or gallery section searches only its type. */
  type?: ArticleType;
  /** A category section searches only its category. */
  category?: string;
  /** When set, there is nothing to search yet (a category section without its category), and this says why. */
  blockedReason?: string | null;
  /** Inside a section's card the picker needs no frame of its own. */
  bare?: boolean;
}

/**
 * Search as you type over Published news (the only articles the home page takes: Article, Blog, Video, Gallery,
 * never a Page), newest first, each with its cover's thumbnail. Reading the article list needs Read on Cms:
 * without it the picker says so rather than failing.
 */
export function ArticlePicker(props: ArticlePickerProps) {
  const { title = 'Find published articles', bare } = props;
  const { user } = useSession();
  const body = canAccess(user, ARTICLE_RESOURCE, ['Read']) ? <PickerSearch {...props} /> : <NoArticleAccess />;
  if (bare) return body;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {body}
    </Paper>
  );
}

function NoArticleAccess() {
  return (
    <Alert variant="light" color="gray" icon={<IconLock size={18} />} title="Article search is not available">
      Finding articles needs permission to read articles (Article: Read). Ask an admin to add it to your role; what is
      already placed here can still be reordered, removed and saved.
    </Alert>
  );
}

function PickerSearch(props: ArticlePickerProps) {
  const { chosenIds, onPick, fullReason, pickLabel = 'Add', chosenLabel = 'Added', type, category } = props;
  const { blockedReason } = props;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const hintId = useId();
  const narrow = useIsNarrow();
  const search = blockedReason ? null : { text: debounced, type, category };
  const { data, error, isValidating, mutate } = useArticleSearch(search);
  const typing = text.trim() !== debounced.trim();
  const searching = typing || (isValidating && !error);

  let results: ReactNode;
  if (blockedReason) {
    results = (
      <Text size="sm" c="dimmed" py="sm">
        {blockedReason}
      </Text>
    );
  } else if (error && !data) {
    results =
      error instanceof ApiError && error.status === 403 ? (
        <NoArticleAccess />
      ) : (
        <ListRetry onRetry={() => void mutate()} busy={isValidating} />
      );
  } else if (!data) {
    results = <ListLoading label="Searching articles" />;
  } else if (newsRows(data.list).length === 0) {
    results = (
      <Text size="sm" c="dimmed" py="sm">
        {debounced.trim()
          ? `No published ${type ? `${type.toLowerCase()} ` : ''}articles match “${debounced.trim()}”.`
          : `There are no published ${type ? `${type.toLowerCase()} ` : ''}articles${category ? ' in this category' : ''} yet.`}
      </Text>
    );
  } else {
    results = (
      <ScrollArea.Autosize mah={narrow ? undefined : RESULTS_MAX_HEIGHT} type="auto" offsetScrollbars="y">
        <Stack gap={6} component="ul" aria-label="Search results" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {newsRows(data.list).map((row) => {
            const article = placedFromRow(row);
            const chosen = chosenIds.has(row._id);
            return (
              <Paper
                key={row._id}
                component="li"
                withBorder
                radius="sm"
                p={6}
                pl="xs"
                shadow="none"
                aria-label={row.title}
              >
                <Group gap="xs" wrap="nowrap">
                  <ArticleSummary article={article} thumbSize={40} />
                  {chosen ? (
                    <SmallButton
                      color="green"
                      icon={IconCheck}
                      disabled
                      aria-label={`${chosenLabel}: ${row.title}`}
                      style={{ flex: 'none' }}
                    >
                      {chosenLabel}
                    </SmallButton>
                  ) : (
                    <SmallButton
                      variant="light"
                      icon={IconPlus}
                      disabled={Boolean(fullReason)}
                      aria-describedby={fullReason ? hintId : undefined}
                      aria-label={`${pickLabel} ${row.title}`}
                      onClick={() => onPick(article)}
                      style={{ flex: 'none' }}
                    >
                      {pickLabel}
                    </SmallButton>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Search published articles"
        description={type ? undefined : 'Articles, blogs, videos and galleries: pages stay off the home page'}
        placeholder="Type part of a title"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        rightSection={searching && !blockedReason ? <Loader size={14} /> : null}
        disabled={Boolean(blockedReason)}
        maxLength={200}
      />
      {fullReason && (
        <Alert id={hintId} variant="light" color="yellow" icon={<IconInfoCircle size={18} />} p="xs" role="status">
          <Text size="sm">{fullReason}</Text>
        </Alert>
      )}
      {results}
      {data && data.total > data.list.length && (
        <Text size="xs" c="dimmed">
          Showing {SEARCH_LIMIT} of {data.total}. Type more of the title to narrow the search.
        </Text>
      )}
    </Stack>
  );
}
