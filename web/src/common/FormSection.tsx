import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormSectionProps {
  /** The heading, which also names the section for screen readers. */
  title?: string;
  /** Names a section that shows no heading of its own (what it holds has one). */
  label?: string;
  description?: string;
  descriptionSize?: 'xs' | 'sm';
  children: ReactNode;
}

/** One bordered group of a long form's fields (the editors, the ad form). */
export function FormSection({ title, label, description, descriptionSize = 'sm', children }: FormSectionProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title ?? label}>
      {title && (
        <Title order={2} fz="md" mb={description ? 2 : 'md'}>
          {title}
        </Title>
      )}
      {description && (
        <Text size={descriptionSize} c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
