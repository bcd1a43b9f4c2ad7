import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PERMISSION_DENIED_MESSAGE } from '../../../../../shared/permissions';
import { ARTICLE_LIST_PATH, previewPathFor } from './paths';

/**
 * An article this user may read but not edit (Edit:own and someone else's article, SPEC §6): the API would
 * refuse the save, so the editor says so up front and offers the read-only preview.
 */
export function CannotEditArticle({ articleId, backTo = ARTICLE_LIST_PATH }: { articleId: string; backTo?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2} fz="lg" mt="sm">
          You cannot edit this article
        </Title>
        <Text c="dimmed" size="sm" maw={460} role="alert">
          {PERMISSION_DENIED_MESSAGE}
        </Text>
        <Group mt="md" gap="sm">
          <Button component={Link} to={previewPathFor(articleId)} variant="light" leftSection={<IconEye size={16} />}>
            Preview it
          </Button>
          <Button component={Link} to={backTo} variant="default">
            Back to the list
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
