/**
 * One listener: where, which event, the handler, and whether it listens in the capture phase. The handler may take
 * the event's own type (a KeyboardEvent, a PageTransitionEvent): the browser gives it the event of that name.
 */
export type Listening = [target: EventTarget, type: string, listener: (event: never) => void, capture?: boolean];

/**
 * Adds every listener and returns what removes them all, with the same capture flags, for an effect's cleanup:
 * `return listenAll([[window, 'online', onOnline], [document, 'click', onClick, true]])`.
 */
export function listenAll(listening: readonly Listening[]): () => void {
  for (const [target, type, listener, capture] of listening) {
    target.addEventListener(type, listener as EventListener, capture);
  }
  return () => {
    for (const [target, type, listener, capture] of listening) {
      target.removeEventListener(type, listener as EventListener, capture);
    }
  };
}
