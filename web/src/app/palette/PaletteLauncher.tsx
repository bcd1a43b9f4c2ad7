import { ActionIcon, Group, Kbd, Tooltip, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../common/notify';
import { preloadable } from '../preloadable';
import { PaletteBoundary } from './PaletteBoundary';
import classes from './PaletteLauncher.module.css';
import { ariaShortcut, isPaletteShortcut, shortcutKeys } from './shortcut';

const CommandPalette = preloadable(() => import('./CommandPalette').then((m) => m.CommandPalette));

const preloadPalette = () => void CommandPalette.preload().catch(() => undefined);

const LOAD_FAILED = 'The search could not be opened. Check the connection and try again.';

/** Once the browser has nothing else to do (or after a few seconds where it cannot say so). */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 3000);
  return () => clearTimeout(id);
}

/**
 * The header's search button and the Ctrl/Cmd+K shortcut, in every signed-in screen. The palette's code (Spotlight
 * and the article search) loads once the page is idle, or at the first use, and the palette mounts at the first use.
 */
export function PaletteLauncher() {
  const [opened, setOpened] = useState(false);
  // The palette mounts once its code is in, so it never suspends, and a failed download only says so.
  const [ready, setReady] = useState(false);
  const [modifier, key] = shortcutKeys();
  const hint = `Search screens and articles (${modifier} ${key})`;

  const show = useCallback((next: (current: boolean) => boolean) => {
    CommandPalette.preload().then(
      () => {
        setReady(true);
        setOpened(next);
      },
      () => notifyError(LOAD_FAILED),
    );
  }, []);

  const onFail = () => {
    setOpened(false);
    setReady(false);
    notifyError(LOAD_FAILED);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isPaletteShortcut(event)) return;
      // In the article editor's text, Ctrl/Cmd+K makes a link (Editor.js).
      if (event.target instanceof HTMLElement && event.target.isContentEditable) return;
      event.preventDefault();
      show((current) => !current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show]);

  useEffect(() => whenIdle(preloadPalette), []);

  const buttonProps = {
    onClick: () => show(() => true),
    onPointerEnter: preloadPalette,
    onFocus: preloadPalette,
    'aria-keyshortcuts': ariaShortcut(),
    'aria-haspopup': 'dialog' as const,
  };

  return (
    <>
      <Tooltip label={hint} withArrow openDelay={300}>
        <UnstyledButton className={classes.field} visibleFrom="sm" {...buttonProps}>
          <Group gap={8} wrap="nowrap">
            <IconSearch size={16} stroke={1.8} aria-hidden />
            <span className={classes.placeholder}>Search…</span>
            <span className={classes.keys}>
              <Kbd size="xs">{modifier}</Kbd> <Kbd size="xs">{key}</Kbd>
            </span>
          </Group>
        </UnstyledButton>
      </Tooltip>
      <Tooltip label={hint} withArrow>
        <ActionIcon variant="subtle" color="gray" size="lg" hiddenFrom="sm" aria-label="Search" {...buttonProps}>
          <IconSearch size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      {ready && (
        <PaletteBoundary onFail={onFail}>
          <CommandPalette opened={opened} onClose={() => setOpened(false)} />
        </PaletteBoundary>
      )}
    </>
  );
}
