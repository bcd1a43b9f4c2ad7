import { Badge, Button, Combobox, Group, Menu, Select, Tabs, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconX } from '@tabler/icons-react';
import { ARTICLE_STATUSES } from '../../../../shared/constants';
import type { ArticleCounts } from '../../../../shared/schemas/article-record';
import { articleStatusLabel, STATUS_LABELS } from '../../../../shared/workflow';
import { LIST_TABS, tabStatus } from './list-query';

const ALL_TAB = 'all';
const count = new Intl.NumberFormat('en-GB');

/** The statuses without a tab of their own, offered from the More menu. */
const OTHER_STATUSES = ARTICLE_STATUSES.filter((status) => status !== 'Draft' && status !== 'Published');

export interface ArticleTabsProps {
  /** '' (All), a tab's status, or any article status. */
  status: string;
  counts: ArticleCounts | undefined;
  onPick: (status: string) => void;
  /**
   * A phone: one picker the width of the row instead of the tabs, which would not fit beside Filters (Published and
   * More went off the screen, behind a swipe nobody sees).
   */
  compact?: boolean;
}

/** How many articles a tab holds (its whole status, whatever the filters); nothing until the counts arrive. */
function TabCount({ value, variant = 'white' }: { value: number | undefined; variant?: 'white' | 'light' }) {
  if (value === undefined) return null;
  return (
    <Badge size="sm" variant={variant} color="gray" radius="sm" styles={{ root: { flexShrink: 0 } }}>
      {count.format(value)}
    </Badge>
  );
}

const countOf = (counts: ArticleCounts | undefined, status: string) => counts?.[tabStatus(status) ?? 'ALL'];

/**
 * CONTRACT.md §2's tabs All / Draft / Published, each with its count, and every other status (Need Review, Scheduled …)
 * one click away in More, with theirs; a status picked there shows as a tab of its own, with a close mark.
 */
export function ArticleTabs({ status, counts, onPick, compact }: ArticleTabsProps) {
  if (compact) return <StatusPicker status={status} counts={counts} onPick={onPick} />;
  const standardTab = LIST_TABS.some((tab) => tab.status === status);
  return (
    <Group gap={4} wrap="wrap">
      <Tabs
        value={status || ALL_TAB}
        onChange={(value) => onPick(!value || value === ALL_TAB ? '' : value)}
        variant="pills"
        radius="md"
        activateTabWithKeyboard={false}
      >
        <Tabs.List aria-label="Articles by status">
          {LIST_TABS.map((tab) => (
            <Tabs.Tab
              key={tab.label}
              value={tab.status || ALL_TAB}
              rightSection={<TabCount value={countOf(counts, tab.status)} />}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
          {!standardTab && (
            <Tabs.Tab
              value={status}
              rightSection={
                <>
                  <TabCount value={countOf(counts, status)} />
                  {/* A shortcut for the mouse; the All tab does the same from the keyboard. */}
                  <IconX
                    size={14}
                    aria-hidden
                    style={{ cursor: 'pointer', marginLeft: 4 }}
                    onClick={(event) => {
                      event.stopPropagation();
                      onPick('');
                    }}
                  />
                </>
              }
            >
              {articleStatusLabel(status)}
            </Tabs.Tab>
          )}
        </Tabs.List>
      </Tabs>
      <Menu position="bottom-start" shadow="md" width={230} withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            radius="md"
            rightSection={<IconChevronDown size={14} />}
            style={{ flexShrink: 0 }}
            aria-label="More statuses"
          >
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Other statuses</Menu.Label>
          {OTHER_STATUSES.map((other) => (
            <Menu.Item
              key={other}
              onClick={() => onPick(other)}
              rightSection={<TabCount value={counts?.[other]} />}
              aria-current={other === status ? 'true' : undefined}
            >
              {STATUS_LABELS[other]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The picker's choices: the tabs first, then More's statuses under a heading of their own, as on a wide screen. */
const PICKER_DATA = [
  ...LIST_TABS.map((tab) => ({ value: tab.status || ALL_TAB, label: tab.label })),
  { group: 'More', items: OTHER_STATUSES.map((other) => ({ value: other, label: STATUS_LABELS[other] })) },
];

/**
 * The tabs on a phone: a select showing the tab in view and its count, which opens onto every tab and every status
 * of More, each with its count. Nothing is off the screen, and it is one line, so the first story keeps its place.
 */
function StatusPicker({ status, counts, onPick }: Omit<ArticleTabsProps, 'compact'>) {
  const value = status || ALL_TAB;
  const shown = countOf(counts, status);
  return (
    <Select
      aria-label="Articles by status"
      data={PICKER_DATA}
      value={value}
      onChange={(picked) => picked && onPick(picked === ALL_TAB ? '' : picked)}
      allowDeselect={false}
      radius="md"
      style={{ flex: 1, minWidth: 0 }}
      comboboxProps={{ width: 'target', withinPortal: true }}
      maxDropdownHeight={420}
      renderOption={({ option, checked }) => (
        <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
          <Group gap={8} wrap="nowrap">
            <IconCheck size={14} aria-hidden style={{ visibility: checked ? 'visible' : 'hidden', flexShrink: 0 }} />
            <span>{option.label}</span>
          </Group>
          <TabCount value={countOf(counts, option.value === ALL_TAB ? '' : option.value)} variant="light" />
        </Group>
      )}
      // Says what the picker picks, where the tabs' row said it by being tabs.
      leftSection={
        <Text size="sm" c="dimmed" aria-hidden>
          Status
        </Text>
      }
      leftSectionWidth={62}
      leftSectionPointerEvents="none"
      rightSection={
        <Group gap={6} wrap="nowrap" pr={4}>
          <TabCount value={shown} variant="light" />
          <Combobox.Chevron />
        </Group>
      }
      rightSectionWidth={shown === undefined ? 32 : 40 + 8 * count.format(shown).length}
      rightSectionPointerEvents="none"
    />
  );
}
