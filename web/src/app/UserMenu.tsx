import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { ColorSchemeMenuItems } from './ColorSchemeToggle';
import { useSignOut } from './use-sign-out';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : (parts[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase() || '?';
}

/** The header's user dropdown: Profile, Change Password, the theme and Logout (CONTRACT.md §2). */
export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;

  const roleLabel = user.isSuperAdmin ? 'Super Admin' : user.roles.map((role) => role.name).join(', ') || 'Staff';

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal={false}>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu for ${user.name}`}
          px={8}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={10} wrap="nowrap">
            <Avatar radius="xl" size={34} color="brand" variant="filled">
              {initials(user.name)}
            </Avatar>
            <Box visibleFrom="xs" style={{ lineHeight: 1.15, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end" maw={180}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end" maw={180}>
                {roleLabel}
              </Text>
            </Box>
            <IconChevronDown size={16} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" c="dimmed" truncate="end">
            Signed in as
          </Text>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/change-password" leftSection={<IconKey size={16} />}>
          Change Password
        </Menu.Item>
        <Menu.Divider />
        <ColorSchemeMenuItems />
        <Menu.Divider />
        <Menu.Item
          color="var(--mantine-color-error)"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
