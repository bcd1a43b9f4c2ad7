import { Group, Input, Loader, Text } from '@mantine/core';
import { useId } from 'react';
import type { EditorData } from '../../../../shared/schemas/article-body';
import { LibraryChoice, useLibraryOffered } from '../../upload/LibraryChoice';
import classes from './RichTextEditor.module.css';
import { useEditorJs } from './use-editor-js';

export interface RichTextEditorProps {
  value: EditorData;
  onChange: (data: EditorData) => void;
  /** CONTRACT.md §9: at least 200 px high … */
  minHeight?: number;
  /** … and at most 600 px; longer content scrolls inside the field. */
  maxHeight?: number;
  readOnly?: boolean;
  placeholder?: string;
  label?: string;
  error?: string;
  withAsterisk?: boolean;
}

/** A caption is inline HTML in an image block: the library's plain text goes in escaped. */
const asInlineHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export { EDITOR_START_DELAY_MS } from './use-editor-js';

/**
 * Editor.js (loaded on first use) as a form field: paragraphs, headings, lists, quotes, delimiters and
 * uploaded images. It reports its saved data through onChange and follows `value` when it changes from
 * outside, e.g. when an import replaces the content.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, minHeight = 200, maxHeight = 600, readOnly = false } = props;
  const { placeholder = 'Write here, or type / for headings, lists, quotes and images', label, error } = props;
  const { withAsterisk } = props;
  const id = useId();
  const editor = useEditorJs({ value, onChange, readOnly, placeholder });
  const { containerRef, ready, enabled, waiting, loadFailed } = editor;
  const libraryOffered = useLibraryOffered('editor-image');
  return (
    <Input.Wrapper
      label={label}
      error={error}
      withAsterisk={withAsterisk}
      id={id}
      labelElement="div"
      description={
        waiting ? (
          <Group gap={6} component="span" role="status">
            <Loader size={10} />
            <Text span size="xs" c="dimmed">
              Preparing the editor…
            </Text>
          </Group>
        ) : undefined
      }
    >
      {/* Editor.js's editable blocks have no name of their own: the frame names them after the field's label. */}
      {/* biome-ignore lint/a11y/useSemanticElements: Editor.js's holder, not form fields; a fieldset's min-content width would stop long words wrapping */}
      <div
        ref={containerRef}
        role="group"
        aria-labelledby={label ? `${id}-label` : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={classes.frame}
        style={{ minHeight, maxHeight }}
        data-rich-text
        data-ready={enabled || undefined}
        data-waiting={waiting || undefined}
        data-read-only={(readOnly && ready) || undefined}
        data-invalid={error ? true : undefined}
        aria-busy={waiting}
      />
      {libraryOffered && !readOnly && (
        <Group gap="xs" mt={6}>
          <LibraryChoice
            purpose="editor-image"
            label="Image in the text"
            buttonLabel="Insert image from library"
            disabled={!enabled}
            onChoose={(asset) => editor.insertImage(asset.url, asInlineHtml(asset.caption || asset.alt || ''))}
          />
        </Group>
      )}
      {loadFailed && (
        <Text size="sm" c="var(--mantine-color-error)" mt={6} role="alert">
          The editor could not be loaded. Check your connection and reload the page.
        </Text>
      )}
    </Input.Wrapper>
  );
}
