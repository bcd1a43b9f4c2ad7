import { Badge, Group, PillsInput, Text, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { commitDraft, keyAction, refusalText, removeTag, type TagOutcome, typeIntoDraft } from './tags';

export interface TagsInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  label?: string;
  description?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  onBlur?: () => void;
}

/**
 * CONTRACT.md §5's tag input: a comma or Tab adds the trimmed text as a tag unless it is blank or already there;
 * clicking a tag removes it. Each tag is a button ('Remove tag news'), so the keyboard can remove tags too.
 */
export function TagsInput(props: TagsInputProps) {
  const { value, onChange, label = 'Tags' } = props;
  const { description = 'Type a tag and press comma or Tab to add it; click a tag to remove it', error } = props;
  const { placeholder = 'Add a tag', disabled, onBlur } = props;
  const id = useId();
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');

  const apply = (outcome: TagOutcome) => {
    if (outcome.tags.length !== value.length) onChange(outcome.tags);
    setDraft(outcome.draft);
    setNotice(outcome.refused ? refusalText(outcome.refused) : '');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = keyAction(event.key, draft);
    if (action === 'default') return;
    event.preventDefault();
    if (action === 'commit') apply(commitDraft(value, draft));
  };

  return (
    <div>
      <PillsInput
        id={id}
        label={label}
        description={description}
        error={error}
        disabled={disabled}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      >
        <Group gap={6} wrap="wrap" role="group" aria-label={`${label} added`}>
          {value.map((tag) => (
            <Badge
              key={tag}
              component="button"
              type="button"
              variant="light"
              radius="sm"
              size="lg"
              tt="none"
              fw={500}
              disabled={disabled}
              aria-label={`Remove tag ${tag}`}
              title={`Remove tag ${tag}`}
              rightSection={<IconX size={12} aria-hidden />}
              onClick={(event) => {
                // The box around the tags focuses its text field on click; the tag goes first.
                event.stopPropagation();
                onChange(removeTag(value, tag));
                setNotice('');
              }}
              style={{ cursor: disabled ? 'not-allowed' : 'pointer' }}
            >
              {tag}
            </Badge>
          ))}
          <PillsInput.Field
            id={id}
            value={draft}
            placeholder={value.length === 0 ? placeholder : undefined}
            aria-describedby={
              [description ? `${id}-description` : '', notice ? `${id}-notice` : ''].join(' ').trim() || undefined
            }
            onChange={(event) => apply(typeIntoDraft(value, event.currentTarget.value))}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
            miw={120}
            style={{ flex: 1 }}
          />
        </Group>
      </PillsInput>
      {notice ? (
        <Text
          id={`${id}-notice`}
          size="xs"
          c="var(--mantine-color-orange-light-color)"
          mt={4}
          role="status"
          aria-live="polite"
        >
          {notice}
        </Text>
      ) : (
        <VisuallyHidden role="status" aria-live="polite">
          {value.length === 1 ? '1 tag' : `${value.length} tags`}
        </VisuallyHidden>
      )}
    </div>
  );
}
