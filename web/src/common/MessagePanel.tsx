import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface MessagePanelProps {
  /** Above the title: an icon, or a large number. */
  mark: ReactNode;
  title: string;
  message: ReactNode;
  /** 'alert' when the message is why the screen cannot be used. */
  messageRole?: 'alert';
  /** The ways on, under the message. */
  actions: ReactNode;
  /** 1 when the panel is the whole screen (its title is the page's heading), 2 under a screen's own header. */
  headingOrder?: 1 | 2;
}

/** A screen that has only something to say: why the page cannot be shown, and where to go instead. */
export function MessagePanel({ mark, title, message, messageRole, actions, headingOrder = 2 }: MessagePanelProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="xs" ta="center">
        {mark}
        <Title order={headingOrder} fz="lg" mt="sm">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={460} role={messageRole}>
          {message}
        </Text>
        {actions}
      </Stack>
    </Paper>
  );
}

/** The red lock of a screen the user may not use. */
export function LockMark() {
  return (
    <ThemeIcon size={56} radius="xl" variant="light" color="red">
      <IconLock size={28} />
    </ThemeIcon>
  );
}

/** Back to the start. */
export function DashboardLink() {
  return (
    <Button component={Link} to="/" variant="light" mt="md">
      Go to dashboard
    </Button>
  );
}
