import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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
 * The bundled Indic and Urdu webfonts (fonts/scripts.css), for every font stack that can show what users write: each
 * covers only its script's characters (unicode-range), so Latin text never reaches them and a Hindi title on a
 * machine without a Devanagari font draws in Noto Sans Devanagari instead of boxes. They come after a stack's Latin
 * fonts and before its generic family, which would otherwise pick whatever system font has the glyphs (or none).
 */
const SCRIPT_FONTS = [
  '"Noto Sans Devanagari"',
  '"Noto Sans Bengali"',
  '"Noto Sans Gurmukhi"',
  '"Noto Sans Gujarati"',
  '"Noto Sans Tamil"',
  '"Noto Naskh Arabic"',
];

const FONT_FAMILY = [
  'Inter',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  ...SCRIPT_FONTS,
  'sans-serif',
].join(', ');

/** Mantine's monospace stack, with the scripts: the lists' URL column shows Hindi slugs in it. */
const FONT_FAMILY_MONOSPACE = [
  'ui-monospace',
  'SFMono-Regular',
  'Menlo',
  'Monaco',
  'Consolas',
  '"Liberation Mono"',
  '"Courier New"',
  ...SCRIPT_FONTS,
  'monospace',
].join(', ');

/**
 * The preview's reading face (`--app-font-family-serif`, articles/preview/PreviewPage.module.css): the scripts have no
 * serif Noto bundled, and their sans faces read well beside Georgia.
 */
const FONT_FAMILY_SERIF = ['Georgia', 'Cambria', '"Times New Roman"', ...SCRIPT_FONTS, 'serif'].join(', ');

export const theme = createTheme({
  primaryColor: 'brand',
  // White on the filled colour: 5.9:1 in light (shade 7), 4.6:1 in dark (shade 6; shade 5 was 4.1, under AA).
  primaryShade: { light: 7, dark: 6 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: FONT_FAMILY,
  fontFamilyMonospace: FONT_FAMILY_MONOSPACE,
  headings: {
    fontFamily: FONT_FAMILY,
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { shadow: 'xs' } },
    // Accessibility: every modal's and drawer's close button is named (not just 'Close', which the
    // dialogs' own buttons say), and their headers are not a second page banner (Mantine draws a <header>).
    ModalCloseButton: { defaultProps: { 'aria-label': 'Close dialog' } },
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerCloseButton: { defaultProps: { 'aria-label': 'Close panel' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A menu holds only its items: Mantine's focus placeholder (role presentation) is not one.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Mantine's dark `dimmed` (#828282) is 4.0:1 on the dark body, under AA for the small print it is used for. This
 * grey keeps 4.6:1 or more on every dark surface the app draws text on (dark-5 to dark-8), and stays below the
 * body text (dark-0) so the two still read as two levels.
 */
const DARK_DIMMED = '#a6a6a6';

/** The dark scheme's counterparts of LIGHT_CONTRAST, each 4.5:1 or more where Mantine's is not. */
const DARK_CONTRAST = {
  '--mantine-color-dimmed': DARK_DIMMED,
  // Placeholders that are text (a date picker's "Pick date"): dark-3 is 2.5:1 on an input (dark-6), this is 4.8:1.
  '--mantine-color-placeholder': '#999999',
  // Error text: red-8 is 3.4:1 on the dark body, red-4 6.5:1.
  '--mantine-color-error': 'var(--mantine-color-red-4)',
};

/**
 * Light-scheme text colours that reach WCAG AA (4.5:1), where Mantine's defaults do not (axe's contrast rule,
 * tests/e2e/a11y.ts): dimmed text (gray-6: 3.3:1 on white) becomes gray-7 (8.2:1), placeholders (gray-5: 2.1:1) a grey
 * of 5.4:1, error text (red-6: 3.3:1) red-9 (5.5:1), and the text of light badges and alerts in green, teal, lime,
 * yellow and orange (their shade 9 on shade 1: 2.7–4.3:1) that shade 9 darkened by 30% (5.0:1 or more on shade 1). Text
 * that must be red or green uses these variables too (`c="var(--mantine-color-error)"`), so it follows the scheme.
 */
const LIGHT_CONTRAST = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-placeholder': '#646b72',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-green-light-color': '#1e612b',
  '--mantine-color-teal-light-color': '#065940',
  '--mantine-color-lime-light-color': '#406809',
  '--mantine-color-yellow-light-color': '#a15300',
  '--mantine-color-orange-light-color': '#98320b',
  // White on filled red (danger buttons, the review count): red-9, 5.5:1 (red-7 was 3.8:1).
  '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled-hover': '#ab2424',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--app-font-family-serif': FONT_FAMILY_SERIF },
  light: LIGHT_CONTRAST,
  dark: DARK_CONTRAST,
});
