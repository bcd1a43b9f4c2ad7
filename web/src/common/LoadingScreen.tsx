import { Center, Loader, Stack, Text } from '@mantine/core';
import { LOADING_TEXT } from '../../../shared/constants';

/** Full-page 'Loading' shown while the current user is being fetched (CONTRACT.md §2). */
export function LoadingScreen() {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {LOADING_TEXT}
        </Text>
      </Stack>
    </Center>
  );
}

/** A quiet spinner for content that is still arriving inside the layout. */
export function ContentLoader() {
  return (
    <Center py={80}>
      <Loader size="sm" role="status" aria-label="Loading content" />
    </Center>
  );
}
