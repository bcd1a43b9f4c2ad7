import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep newsroom blue: confident for primary actions, distinct from the red of errors and denials. */
const brand: MantineColorsTuple = [
  '#eef3ff',
  '#dce4f5',
  '#b5c7ea',
  '#8aa8df',
  '#668dd6',
  '#4f7cd0',
  '#4373ce',
  '#3462b6',
  '#2b57a4',
  '#1c4a92',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { shadow: 'xs' } },
  },
});
