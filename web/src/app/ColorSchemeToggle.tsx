import {
  ActionIcon,
  Menu,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { COLOR_SCHEME_CHOICES, colorSchemeChoice } from './color-scheme-choices';

/**
 * Light, Dark and System (the default, which follows the device's setting) as items of a menu, the current one
 * ticked. Mantine remembers the choice in localStorage and applies it in every open tab.
 */
export function ColorSchemeMenuItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return COLOR_SCHEME_CHOICES.map((choice) => {
    const current = choice.scheme === colorScheme;
    return (
      <Menu.Item
        key={choice.scheme}
        leftSection={<choice.icon size={16} stroke={1.7} />}
        rightSection={current ? <IconCheck size={16} stroke={2} aria-hidden /> : undefined}
        onClick={() => setColorScheme(choice.scheme)}
      >
        {choice.label} theme
        {/* A menu item cannot be checked (role menuitem), so the current choice says so in its name. */}
        {current && <VisuallyHidden> (current)</VisuallyHidden>}
      </Menu.Item>
    );
  });
}

/** The header's theme switch, on wider screens (on a phone the account menu has the same choices). */
export function ColorSchemeToggle() {
  const { colorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const current = colorSchemeChoice(colorScheme);
  const label = `Theme: ${current.label}${colorScheme === 'auto' ? ` (${computed} now)` : ''}`;

  return (
    <Menu position="bottom-end" width={190} shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label={label} withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
            <current.icon size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <ColorSchemeMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}
