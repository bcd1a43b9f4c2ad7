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

/**
 * The Latin fonts first, then the bundled Indic and Urdu webfonts (fonts/scripts.css): each covers only its
 * script's characters (unicode-range), so Latin text never reaches them and a Hindi title on a machine without a
 * Devanagari font draws in Noto Sans Devanagari instead of boxes. Before the generic family, which would
 * otherwise pick whatever system font has the glyphs.
 */
const FONT_FAMILY = [
  'Inter',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Noto Sans Devanagari"',
  '"Noto Sans Bengali"',
  '"Noto Sans Gurmukhi"',
  '"Noto Sans Gujarati"',
  '"Noto Sans Tamil"',
  '"Noto Naskh Arabic"',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: FONT_FAMILY,
  headings: {
    fontFamily: FONT_FAMILY,
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { shadow: 'xs' } },
  },
});
