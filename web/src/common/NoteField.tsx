import { Textarea } from '@mantine/core';

/** A note an action needs before it runs (Reject's note to the author): what the field says, and its limit. */
export interface NoteAsk {
  label: string;
  description: string;
  max: number;
}

/** Why the action's button stays off while the note is blank (the API refuses the action without one). */
export const NOTE_NEEDED = 'Write the note first';

/** Null when the note is written; otherwise why the button stays off. */
export const noteBlock = (note: string) => (note.trim() === '' ? NOTE_NEEDED : null);

/** The note's field in a confirm dialog: required, at most `ask.max` characters, focused when the dialog opens. */
export function NoteField({ ask, value, onChange }: { ask: NoteAsk; value: string; onChange: (note: string) => void }) {
  return (
    <Textarea
      mt="md"
      label={ask.label}
      description={ask.description}
      required
      autosize
      minRows={3}
      maxRows={8}
      maxLength={ask.max}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-autofocus
    />
  );
}
