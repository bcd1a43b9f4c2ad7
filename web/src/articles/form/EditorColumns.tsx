import { Badge, Button, Drawer, em, Grid, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconLayoutSidebarRight } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIsNarrow } from '../../common/use-narrow';
import { REVEAL_FIELD_EVENT } from '../../common/use-scroll-to-first-error';
import { EditingFieldset } from '../safety-net/EditingHeader';

/** Mantine's lg breakpoint: from here the side panel sits beside the writing column. */
const WIDE_QUERY = `(min-width: ${em(1200)})`;
/** What the scroll-to-first-error hook looks for: a field's message, or a list's own. */
const ERROR_SELECTOR = '.mantine-InputWrapper-error, [data-field-error]';

/** Open and close the phone's side panel from the editor (an import closes it to show the sections it filled). */
export interface SidePanelState {
  opened: boolean;
  setOpened: (opened: boolean) => void;
}

export function useSidePanel(): SidePanelState {
  const [opened, setOpened] = useState(false);
  return { opened, setOpened };
}

export interface EditorColumnsProps {
  /** What is written: title, slug, description, then the story itself. */
  main: ReactNode;
  /** What frames it: publishing, cover, import, SEO, history. */
  side: ReactNode;
  /** The phone's button and the drawer's title, naming what the side panel holds ('Cover, SEO & publishing'). */
  sideLabel: string;
  /** Someone else holds the edit lock: every field is disabled, but the side panel still opens to be read. */
  readOnly: boolean;
  panel?: SidePanelState;
}

/**
 * An editor's layout. From lg up, the writing column and a side column beside it. Below lg the writing column
 * alone, so the title and the story come first on a phone, with a button that opens the side panel in a drawer.
 *
 * The drawer stays mounted while closed (hidden with display: none, not React's Activity, which would stop an
 * upload in it) and sits inside the form, not in a portal: its fields stay registered, a Save still validates
 * them, and the read-only fieldset still disables them. When Save fails on one of them, the scroll-to-first-error
 * hook asks for it to be revealed: the drawer opens and brings it into view.
 */
export function EditorColumns({ main, side, sideLabel, readOnly, panel }: EditorColumnsProps) {
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const phone = useIsNarrow();
  const own = useSidePanel();
  const { opened, setOpened } = panel ?? own;
  const sideRef = useRef<HTMLDivElement>(null);
  const pending = useRef<HTMLElement | null>(null);

  // How many messages the closed panel holds, for its button: read from the page after each render, since the
  // panel's fields (controlled lists, pickers, uploads) report their errors in different shapes.
  const [sideErrors, setSideErrors] = useState(0);
  useLayoutEffect(() => {
    const count = sideRef.current?.querySelectorAll(ERROR_SELECTOR).length ?? 0;
    if (count !== sideErrors) setSideErrors(count);
  });

  // Widened past lg (a tablet turned), the panel is a column again: a drawer left open would reappear on the way back.
  useEffect(() => {
    if (wide) setOpened(false);
  }, [wide, setOpened]);

  const showField = useCallback((error: HTMLElement) => {
    error.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const wrapper = error.closest<HTMLElement>('.mantine-InputWrapper-root') ?? error.parentElement;
    wrapper?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const node = sideRef.current;
    if (wide || !node) return;
    const reveal = (event: Event) => {
      if (opened || !(event.target instanceof HTMLElement)) return;
      // Hidden in the closed drawer: nothing can scroll to it until the drawer has opened.
      event.preventDefault();
      pending.current = event.target;
      setOpened(true);
    };
    node.addEventListener(REVEAL_FIELD_EVENT, reveal);
    return () => node.removeEventListener(REVEAL_FIELD_EVENT, reveal);
  }, [wide, opened, setOpened]);

  const sidePanel = (
    <EditingFieldset readOnly={readOnly}>
      <Stack gap="lg" ref={sideRef}>
        {side}
      </Stack>
    </EditingFieldset>
  );

  if (wide) {
    return (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7, xl: 8 }}>
          <EditingFieldset readOnly={readOnly}>
            <Stack gap="lg">{main}</Stack>
          </EditingFieldset>
        </Grid.Col>
        {/* Named for what it holds, as the phone's drawer is. */}
        <Grid.Col span={{ base: 12, lg: 5, xl: 4 }} component="section" aria-label={sideLabel}>
          {sidePanel}
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <>
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        mb="md"
        rightSection={
          sideErrors > 0 ? (
            <Badge color="red" variant="filled" tt="none">
              {sideErrors === 1 ? '1 error' : `${sideErrors} errors`}
            </Badge>
          ) : (
            <IconChevronRight size={18} aria-hidden />
          )
        }
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={() => setOpened(true)}
      >
        <Group component="span" gap="xs" wrap="nowrap">
          <IconLayoutSidebarRight size={18} aria-hidden />
          {sideLabel}
        </Group>
      </Button>
      <EditingFieldset readOnly={readOnly}>
        <Stack gap="lg">{main}</Stack>
      </EditingFieldset>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        onEnterTransitionEnd={() => {
          const target = pending.current;
          pending.current = null;
          if (target) showField(target);
        }}
        title={sideLabel}
        position="right"
        size={phone ? '100%' : 480}
        padding="md"
        keepMounted
        keepMountedMode="display-none"
        withinPortal={false}
        // Out of a portal, Mantine's fixed layer keeps the form's left edge as its own: pin it to the window's.
        styles={{ inner: { left: 0, right: 0 } }}
      >
        {sidePanel}
      </Drawer>
    </>
  );
}
