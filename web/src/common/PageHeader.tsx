import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Form screens: the back button's destination. */
  backTo?: string;
  /** Buttons on the right, e.g. 'Add User'. */
  actions?: ReactNode;
}

/** The title row every screen starts with. */
export function PageHeader({ title, description, backTo, actions }: PageHeaderProps) {
  return (
    <Stack gap="xs" mb="lg">
      {backTo && (
        <div>
          <Button
            component={Link}
            to={backTo}
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back
          </Button>
        </div>
      )}
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
