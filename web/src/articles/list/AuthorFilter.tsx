import { Checkbox, Group, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useUserOptions } from '../../users/api';

export interface AuthorFilterProps {
  /** The picked author's id, or null for everyone's. */
  author: string | null;
  /** Their name as the rows show it, while the users load (or for one who cannot read the user list). */
  authorName?: string;
  mine: boolean;
  /** Whether this user may read the user list (GET /user?all=true); without it only Mine is offered. */
  canPickAuthor: boolean;
  onAuthor: (author: string | null) => void;
  onMine: (mine: boolean) => void;
}

/**
 * The list's author filter: Mine (the signed-in user's own articles) and any author, picked by name. Both apply at
 * once and live in the URL (list-query.ts), so a link to a reporter's drafts can be shared.
 */
export function AuthorFilter({ author, authorName, mine, canPickAuthor, onAuthor, onMine }: AuthorFilterProps) {
  const users = useUserOptions(canPickAuthor);
  const options = useMemo(() => {
    const list = (users.data?.list ?? []).map((user) => ({ value: user._id, label: user.name }));
    if (author && !list.some((option) => option.value === author)) {
      list.unshift({ value: author, label: authorName ?? (users.isLoading ? 'Loading…' : 'Unknown user') });
    }
    return list;
  }, [users.data, users.isLoading, author, authorName]);

  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      {canPickAuthor && (
        <Select
          label="Author"
          placeholder="Everyone"
          data={options}
          value={mine ? null : author}
          onChange={(value) => onAuthor(value)}
          searchable
          clearable
          w={200}
          nothingFoundMessage={users.error ? 'The users could not be loaded' : 'No user matches'}
          comboboxProps={{ shadow: 'md' }}
        />
      )}
      <Checkbox
        label="Mine"
        checked={mine}
        onChange={(event) => onMine(event.currentTarget.checked)}
        mb={8}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      />
    </Group>
  );
}
