import { Button, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PERMISSION_DENIED_MESSAGE } from '../../../../shared/permissions';
import { LockMark, MessagePanel } from '../../common/MessagePanel';
import { ARTICLE_LIST_PATH, previewPathFor } from './paths';

/**
 * An article this user may read but not edit (Edit:own and someone else's article, CONTRACT.md §6): the API would
 * refuse the save, so the editor says so up front and offers the read-only preview.
 */
export function CannotEditArticle({ articleId, backTo = ARTICLE_LIST_PATH }: { articleId: string; backTo?: string }) {
  return (
    <MessagePanel
      mark={<LockMark />}
      title="You cannot edit this article"
      message={PERMISSION_DENIED_MESSAGE}
      messageRole="alert"
      actions={
        <Group mt="md" gap="sm">
          <Button component={Link} to={previewPathFor(articleId)} variant="light" leftSection={<IconEye size={16} />}>
            Preview it
          </Button>
          <Button component={Link} to={backTo} variant="default">
            Back to the list
          </Button>
        </Group>
      }
    />
  );
}
