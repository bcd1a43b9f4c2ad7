/**
 * Leaving an editor with unsaved changes asks first. The app uses a BrowserRouter (not a data router),
 * so react-router's useBlocker is not available: a click on an in-app link is caught before the router sees it
 * and confirmed, and closing or reloading the tab gets the browser's own question (beforeunload).
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { listenAll } from '../../common/listen';

/** The in-app path a click on `target` would open, when it is a plain click on a same-origin link. */
function inAppLink(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if (anchor.target && anchor.target !== '_self') return undefined;
  if (anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path === `${window.location.pathname}${window.location.search}${window.location.hash}`) return undefined;
  return path;
}

/** While `unsaved()` says so (read at the moment of leaving), asks before an in-app link or a tab close leaves. */
export function useLeaveGuard(unsaved: () => boolean): void {
  const navigate = useNavigate();
  // The listeners are added once and read the newest check when the user leaves: the latest callback, no wiring.
  const latest = useRef({ unsaved });
  latest.current = { unsaved };

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = inAppLink(event);
      if (!path || !latest.current.unsaved()) return;
      event.preventDefault();
      event.stopPropagation();
      modals.openConfirmModal({
        title: 'Leave without saving?',
        children: (
          <Text size="sm">
            Your changes since the last save are not in the article yet. The editor keeps a copy and offers it when you
            come back.
          </Text>
        ),
        labels: { confirm: 'Leave', cancel: 'Keep editing' },
        confirmProps: { color: 'red' },
        centered: true,
        onConfirm: () => navigate(path),
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.unsaved()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Capture on the document: before React's own listener on the root, so the router never sees the click.
    return listenAll([
      [document, 'click', onClick, true],
      [window, 'beforeunload', onBeforeUnload],
    ]);
  }, [navigate]);
}

/** Ctrl+S (Cmd+S on a Mac) saves, instead of the browser's "Save page as". */
export function useSaveShortcut(save: () => void): void {
  // The key listener is added once and calls the newest save: the latest callback, no wiring.
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!event.repeat) latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
