import { NavLink, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { activeLinkFor, isGroup, type NavLeaf, visibleNav } from './nav';

export interface SidebarProps {
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** The sidebar: only what the user may open, the current item highlighted, groups that expand. */
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

  const leaf = (item: NavLeaf, nested: boolean) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
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
                    label={item.label}
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
                    {item.children.map((child) => leaf(child, true))}
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
