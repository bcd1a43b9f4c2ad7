import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { normalizeSlug, type SlugStyle, slugify, slugProblem } from '../../../../shared/slug';

export interface SlugInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** The title or name the slug is made from. */
  source: string;
  /** What the source is called in the help text: `title` or `name`. */
  sourceName: string;
  /** A new record: the slug follows the source until it is edited. A stored one keeps its slug. */
  follow: boolean;
  /** The site's slug style, so the preview is what the API would make. */
  slugStyle: SlugStyle;
  label?: string;
  disabled?: boolean;
}

/**
 * The URL slug field, editable in any script and cleaned on blur to what will be stored (`World
 * News!` → `world-news`). On a new record it follows the title: it shows the slug the API will make while its
 * value stays '' (so the API makes it, with -2 or the id's tail when taken); typing makes it the writer's own,
 * and emptying it follows the title again. A stored record keeps its slug; the button remakes it from the title.
 */
export function SlugInput(props: SlugInputProps) {
  const { value, onChange, onBlur, error, source, sourceName, follow, slugStyle, label = 'URL slug', disabled } = props;
  const [following, setFollowing] = useState(follow && value === '');
  const stored = useRef(value);
  const made = slugify(source, slugStyle);

  const remake = () => {
    if (follow) {
      setFollowing(true);
      onChange('');
    } else {
      onChange(made);
    }
  };
  const button = (
    <Tooltip label={`Make it from the ${sourceName}`} withinPortal>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Make the slug from the ${sourceName}`}
        disabled={disabled || made === ''}
        onClick={remake}
      >
        <IconRefresh size={16} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <TextInput
      label={label}
      description={
        following
          ? `Made from the ${sourceName} as you type it; edit it to choose your own`
          : 'The last part of the address on the site: letters of any script, digits and dashes'
      }
      leftSection="/"
      leftSectionWidth={28}
      // While it follows there is nothing to remake.
      rightSection={following ? null : button}
      autoComplete="off"
      spellCheck={false}
      placeholder={following ? undefined : stored.current}
      value={following ? made : value}
      error={error}
      disabled={disabled}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const empty = typed.trim() === '';
        if (follow) setFollowing(empty);
        onChange(empty && follow ? '' : typed);
      }}
      onBlur={() => {
        if (value.trim() === '') {
          // A stored record's slug is never left empty: emptied and left, it is the stored one again.
          if (!follow) onChange(stored.current);
        } else if (slugProblem(value) === undefined) {
          onChange(normalizeSlug(value));
        }
        onBlur?.();
      }}
    />
  );
}
