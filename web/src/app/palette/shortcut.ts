/** The command palette's shortcut: Ctrl+K, or ⌘K on Apple devices. */

type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * Ctrl+K or ⌘K, by the letter the key types; on a layout whose keys type no Latin letters (Hindi InScript, say),
 * by the key's place, where K is on a QWERTY keyboard.
 */
export function isPaletteShortcut(event: KeyPress): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
  const key = event.key.toLowerCase();
  return key === 'k' || (!/^[a-z]$/.test(key) && event.code === 'KeyK');
}

const isApple = (userAgent: string) => /Mac|iPhone|iPad|iPod/.test(userAgent);

/** The keys to press as this device writes them: `⌘ K` or `Ctrl K`. */
export function shortcutKeys(userAgent = navigator.userAgent): [string, string] {
  return [isApple(userAgent) ? '⌘' : 'Ctrl', 'K'];
}

/** The shortcut for `aria-keyshortcuts`. */
export function ariaShortcut(userAgent = navigator.userAgent): string {
  return isApple(userAgent) ? 'Meta+K' : 'Control+K';
}
