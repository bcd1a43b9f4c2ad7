import { Box, Group, NavLink, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconEye } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { activeLinkFor, isGroup, type NavLeaf, visibleNav } from './nav';

export interface SidebarProps {
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** What the mark says to a pointer's hover: the screen opens, but changes nothing. */
const READ_ONLY_HINT = 'Read-only: you can look at this screen but not change anything there';

/**
 * An eye beside a link (or a group whose every link is) that the user can only look at: "Read-only" in a tooltip
 * for the pointer, and in the link's name for screen readers. An icon, not a badge: the sidebar is too narrow for
 * both a long label and a word beside it.
 */
function ReadOnlyMark() {
  return (
    <Tooltip label={READ_ONLY_HINT} withArrow position="right" multiline maw={220} openDelay={200}>
      <Box component="span" c="dimmed" display="inline-flex" style={{ flexShrink: 0 }} data-read-only>
        <IconEye size={15} stroke={1.8} aria-hidden />
        <VisuallyHidden>Read-only</VisuallyHidden>
      </Box>
    </Tooltip>
  );
}

/** A link's label, with the read-only mark when it has one. */
function labelOf(label: string, readOnly: boolean): ReactNode {
  if (!readOnly) return label;
  return (
    <Group component="span" gap={6} wrap="nowrap" justify="space-between">
      <span>{label}</span>
      <ReadOnlyMark />
    </Group>
  );
}

/**
 * The sidebar: only what the user may use (a screen they can only look at marked Read-only), the current item
 * highlighted, groups that expand.
 */
export function Sidebar({ onNavigate }: SidebarProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const sections = useMemo(() => visibleNav(user), [user]);
  const active = activeLinkFor(pathname, sections);
  const activeGroup = sections
    .flatMap((section) => section.items)
    .find((item) => isGroup(item) && item.children.some((child) => child.to === active))?.label;

  const [opened, setOpened] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (activeGroup) setOpened((current) => (current[activeGroup] ? current : { ...current, [activeGroup]: true }));
  }, [activeGroup]);

  // Inside a group marked read-only as a whole, its links need no mark of their own.
  const leaf = (item: NavLeaf, nested: boolean, markedAbove = false) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={labelOf(item.label, item.readOnly === true && !markedAbove)}
      leftSection={item.icon ? <item.icon size={19} stroke={1.6} /> : undefined}
      active={item.to === active}
      aria-current={item.to === active ? 'page' : undefined}
      onClick={onNavigate}
      fw={item.to === active ? 600 : 500}
      py={nested ? 6 : 8}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );

  return (
    <nav aria-label="Main">
      <Stack gap={2}>
        {sections.map((section, index) => (
          <div key={section.label}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt={index === 0 ? 0 : 'md'} mb={6} lts={0.6}>
              {section.label}
            </Text>
            <Stack gap={2}>
              {section.items.map((item) => {
                if (!isGroup(item)) return leaf(item, false);
                const isOpen = opened[item.label] ?? false;
                return (
                  <NavLink
                    key={item.label}
                    component="button"
                    type="button"
                    label={labelOf(item.label, item.readOnly === true)}
                    leftSection={<item.icon size={19} stroke={1.6} />}
                    rightSection={<IconChevronRight size={14} stroke={1.8} />}
                    opened={isOpen}
                    onChange={(value) => setOpened((current) => ({ ...current, [item.label]: value }))}
                    aria-expanded={isOpen}
                    childrenOffset={30}
                    fw={item.label === activeGroup ? 600 : 500}
                    py={8}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  >
                    {item.children.map((child) => leaf(child, true, item.readOnly === true))}
                  </NavLink>
                );
              })}
            </Stack>
          </div>
        ))}
      </Stack>
    </nav>
  );
}
