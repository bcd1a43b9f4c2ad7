import { Textarea } from '@mantine/core';
import type { ChangeEvent, KeyboardEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ARTICLE_TEXT_LIMITS } from '../../../../shared/constants';
import { counted, WatchedCharCount } from '../../common/form/CharCount';
import { inputBinder } from '../../common/form/input-binder';
import classes from './TitleField.module.css';

interface TitleFieldProps<T extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<T, any, any>;
}

/** Enter would break the headline in two: it is one line of text, however many lines it wraps onto. */
function keepOnOneLine(event: KeyboardEvent<HTMLTextAreaElement>) {
  // An IME's Enter confirms the word being composed (Hindi phonetic input); only a plain Enter is held back.
  if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
}

/**
 * Every editor's Title: a text area that grows with the headline, so a long one is read whole while it is
 * written, with its length counted against the limit the API holds it to. A pasted line break becomes a space.
 */
export function TitleField<T extends FieldValues>({ form }: TitleFieldProps<T>) {
  const name = 'title' as Path<T>;
  const { onChange, ...field } = inputBinder(form)(name);
  return (
    <Textarea
      label="Title"
      withAsterisk
      autoComplete="off"
      autosize
      minRows={1}
      maxRows={8}
      classNames={{ input: classes.input }}
      {...counted(<WatchedCharCount control={form.control} name={name} max={ARTICLE_TEXT_LIMITS.title} />)}
      {...field}
      onKeyDown={keepOnOneLine}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        const input = event.currentTarget;
        if (/[\r\n]/.test(input.value)) input.value = input.value.replace(/\s*[\r\n]+\s*/g, ' ');
        return onChange(event);
      }}
    />
  );
}
