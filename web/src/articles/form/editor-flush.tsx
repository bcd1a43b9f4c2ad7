import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef } from 'react';

/**
 * Editor.js reports changes a moment after the keystroke. A save must not miss the last words typed, so every
 * rich-text field inside a scope registers a flush, and the save cycle awaits them all before validating.
 */
/** `all` false: only fields typed into since they last reported (a keystroke Editor.js has not passed on yet). */
type Flush = (all: boolean) => Promise<void>;

interface FlushScope {
  register: (flush: Flush) => () => void;
}

const FlushContext = createContext<FlushScope | null>(null);

export interface EditorFlush {
  /** Wrap the form in it: the rich-text fields inside register themselves. */
  Scope: (props: { children: ReactNode }) => ReactNode;
  /**
   * Sends every field's latest content to its onChange (before a save). With `{ typedOnly: true }` only fields
   * with keystrokes not yet reported do (before deciding whether there are unsaved changes).
   */
  flushAll: (options?: { typedOnly?: boolean }) => Promise<void>;
}

export function useEditorFlush(): EditorFlush {
  const flushes = useRef(new Set<Flush>());
  const scope = useMemo<FlushScope>(
    () => ({
      register: (flush) => {
        flushes.current.add(flush);
        return () => flushes.current.delete(flush);
      },
    }),
    [],
  );
  const Scope = useCallback(
    ({ children }: { children: ReactNode }) => <FlushContext.Provider value={scope}>{children}</FlushContext.Provider>,
    [scope],
  );
  const flushAll = useCallback(async (options?: { typedOnly?: boolean }) => {
    const all = !options?.typedOnly;
    await Promise.all([...flushes.current].map((flush) => flush(all).catch(() => undefined)));
  }, []);
  return { Scope, flushAll };
}

/** Used by RichTextEditor; a field outside any scope simply is not flushed. */
export function useFlushRegistration(): FlushScope | null {
  return useContext(FlushContext);
}
