/** The three colour-scheme choices, as the header's toggle and the command palette offer them. */
import type { MantineColorScheme } from '@mantine/core';
import { type Icon, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

export interface ColorSchemeChoice {
  scheme: MantineColorScheme;
  label: string;
  icon: Icon;
}

const SYSTEM: ColorSchemeChoice = { scheme: 'auto', label: 'System', icon: IconDeviceDesktop };

export const COLOR_SCHEME_CHOICES: readonly ColorSchemeChoice[] = [
  { scheme: 'light', label: 'Light', icon: IconSun },
  { scheme: 'dark', label: 'Dark', icon: IconMoon },
  SYSTEM,
];

export function colorSchemeChoice(scheme: MantineColorScheme): ColorSchemeChoice {
  return COLOR_SCHEME_CHOICES.find((choice) => choice.scheme === scheme) ?? SYSTEM;
}
