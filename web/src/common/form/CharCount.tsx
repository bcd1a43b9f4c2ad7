import { type InputWrapperProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import classes from './CharCount.module.css';

/** From this share of the limit on, the count turns orange: time to tighten before it turns red. */
const NEAR_LIMIT = 0.9;

export type CountState = 'ok' | 'near' | 'over';

/**
 * The length the API checks: zod's maxLength on the trimmed text (UTF-16 units, one per character for Hindi,
 * Bengali, Tamil … which sit in the Basic Multilingual Plane).
 */
export const countedLength = (value: string | null | undefined) => (value ?? '').trim().length;

export function countState(count: number, max: number): CountState {
  if (count > max) return 'over';
  return count >= max * NEAR_LIMIT ? 'near' : 'ok';
}

export interface CharCountProps {
  value: string | null | undefined;
  max: number;
  /** The field's own description, shown on the left of the count. */
  hint?: ReactNode;
}

/** "123 / 300" under a limited field, orange near the limit and red past it, updated as the writer types. */
export function CharCount({ value, max, hint }: CharCountProps) {
  const count = countedLength(value);
  const state = countState(count, max);
  return (
    <span className={classes.row}>
      {hint ? <span>{hint}</span> : null}
      <span className={classes.count} data-state={state} data-char-count>
        <span aria-hidden>
          {count} / {max}
          {state === 'over' ? ` · ${count - max} over` : ''}
        </span>
        <VisuallyHidden>
          {state === 'over'
            ? `${count} characters, ${count - max} over the limit of ${max}`
            : `${count} of ${max} characters`}
        </VisuallyHidden>
      </span>
    </span>
  );
}

interface WatchedCharCountProps<T extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  control: Control<T, any, any>;
  name: FieldPath<T>;
  max: number;
  hint?: ReactNode;
}

/**
 * CharCount for a registered (uncontrolled) field: it watches the one value itself, so a keystroke re-renders the
 * count and not the whole form (the editors' rich-text sections among it).
 */
export function WatchedCharCount<T extends FieldValues>({ control, name, max, hint }: WatchedCharCountProps<T>) {
  const value = useWatch({ control, name }) as unknown;
  return <CharCount value={typeof value === 'string' ? value : ''} max={max} hint={hint} />;
}

const COUNT_BELOW: InputWrapperProps['inputWrapperOrder'] = ['label', 'input', 'description', 'error'];

/**
 * Props for a Mantine input that puts a count under it, above its error message:
 * `<TextInput label="Alt tag" {...counted(<CharCount value={alt} max={LIMITS.imageAlt} />)} />`.
 */
export const counted = (count: ReactNode) => ({ description: count, inputWrapperOrder: COUNT_BELOW });
