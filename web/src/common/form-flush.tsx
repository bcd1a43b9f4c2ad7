import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef } from 'react';

/**
 * What a form's save awaits before it validates: every field inside a scope that holds work not yet handed on
 * registers a flush. Editor.js reports changes a moment after the keystroke, so a save must not miss the last words
 * typed; an image field saves its picture's alt text to the file on its own, and the record's save must not reach
 * the API before it (a cover without alt text is refused).
 */
/**
 * `all` false: only fields typed into since they last reported (a keystroke Editor.js has not passed on yet), before
 * deciding whether there are unsaved changes; true before a save.
 */
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

/** Used by the rich-text editor and the image fields; a field outside any scope simply is not flushed. */
export function useFlushRegistration(): FlushScope | null {
  return useContext(FlushContext);
}
