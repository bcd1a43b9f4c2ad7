import { Badge, Button, Group, Menu, Tabs } from '@mantine/core';
import { IconChevronDown, IconX } from '@tabler/icons-react';
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
  /** One line that scrolls sideways (a phone), rather than wrapping onto the first story's room. */
  compact?: boolean;
}

/** How many articles a tab holds (its whole status, whatever the filters); nothing until the counts arrive. */
function TabCount({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <Badge size="sm" variant="white" color="gray" radius="sm" styles={{ root: { flexShrink: 0 } }}>
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
  const standardTab = LIST_TABS.some((tab) => tab.status === status);
  return (
    <Group
      gap={4}
      wrap={compact ? 'nowrap' : 'wrap'}
      style={compact ? { overflowX: 'auto', minWidth: 0, flex: 1, scrollbarWidth: 'none' } : undefined}
    >
      <Tabs
        value={status || ALL_TAB}
        onChange={(value) => onPick(!value || value === ALL_TAB ? '' : value)}
        variant="pills"
        radius="md"
        activateTabWithKeyboard={false}
        styles={compact ? { list: { flexWrap: 'nowrap' }, tab: { flexShrink: 0 } } : undefined}
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
