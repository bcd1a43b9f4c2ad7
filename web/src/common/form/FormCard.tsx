import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../FormError';
import type { SaveState } from './use-save-form';

export interface FormCardProps {
  /** The form's accessible name. */
  label: string;
  save: SaveState;
  /** Re-reads the record after a conflict (FormError's Reload). */
  onReload?: () => Promise<unknown>;
  /** Above the form: whose record it is, why it cannot be changed. */
  notice?: ReactNode;
  /** With a value, the fields sit in a fieldset that this disables: everything shows, nothing can change. */
  readOnly?: boolean;
  /** The buttons under the fields (FormActions), outside the read-only fieldset. */
  actions: ReactNode;
  maw?: number;
  /** The card's padding on small screens. */
  padding?: 'sm' | 'md';
  className?: string;
  children: ReactNode;
}

/** A form screen's card: its notice, then the form with its error, the fields and the buttons. */
export function FormCard(props: FormCardProps) {
  const { label, save, onReload, notice, readOnly, actions, children } = props;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: props.padding ?? 'md', sm: 'xl' }}
      maw={props.maw}
      className={props.className}
    >
      {notice}
      <form onSubmit={save.onSubmit} noValidate aria-label={label}>
        <FormError error={save.failure} onReload={onReload} />
        {readOnly === undefined ? (
          children
        ) : (
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            {children}
          </fieldset>
        )}
        {actions}
      </form>
    </Paper>
  );
}
