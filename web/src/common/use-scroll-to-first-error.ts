import { type RefObject, useEffect, useRef } from 'react';

/**
 * Dispatched (bubbling, cancelable) on the first error before it is scrolled to. A panel that hides it (the
 * editors' side drawer on a phone) cancels the event, opens, and brings the field into view itself once shown.
 */
export const REVEAL_FIELD_EVENT = 'app:reveal-field';

/**
 * After a Save that did not pass validation, bring the first field error into view. react-hook-form focuses
 * only the fields it registered itself; these editors' lists, pickers and uploads are controlled, and on a long
 * form the user would otherwise press Save and see nothing happen.
 * Only a new submit attempt scrolls: fixing one error must not pull the page about. Put the returned ref on the form.
 */
export function useScrollToFirstError(formState: {
  submitCount: number;
  errors: object;
}): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  const { submitCount } = formState;
  const failed = useRef(false);
  failed.current = Object.keys(formState.errors).length > 0;
  useEffect(() => {
    if (submitCount === 0 || !failed.current) return;
    const frame = requestAnimationFrame(() => {
      const first = form.current?.querySelector<HTMLElement>('.mantine-InputWrapper-error, [data-field-error]');
      if (!first) return;
      if (!first.dispatchEvent(new CustomEvent(REVEAL_FIELD_EVENT, { bubbles: true, cancelable: true }))) return;
      // 'center' keeps it clear of the fixed app header and the sticky action bar.
      first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [submitCount]);
  return form;
}
