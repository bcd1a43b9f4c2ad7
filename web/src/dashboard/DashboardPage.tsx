import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { APP_NAME } from '../../../shared/constants';
import type { ScreenProps } from '../routes';
import { useSession } from '../session/session-context';
import { useSiteBrand } from '../site/use-site-detail';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The dashboard at / and /settings: for now a welcome and the signed-in account's access. */
export function DashboardPage(_props: ScreenProps) {
  const { user } = useSession();
  const brand = useSiteBrand();
  if (!user) return null;
  const roles = user.isSuperAdmin ? ['Super Admin'] : user.roles.map((role) => role.name);

  return (
    <>
      <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} mb="lg" bg="brand.9" c="white" shadow="sm">
        <Text size="sm" opacity={0.8}>
          {greeting(new Date().getHours())}
        </Text>
        <Title order={2} fz={{ base: 24, sm: 30 }} mt={4}>
          Welcome back, {user.name}
        </Title>
        <Text size="sm" mt="xs" opacity={0.85}>
          {brand.name === APP_NAME
            ? 'Use the menu to manage content, the home page and your team.'
            : `You are signed in to the admin portal of ${brand.name}.`}
        </Text>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" p="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
            Signed in as
          </Text>
          <Text fw={600} mt={6}>
            {user.email}
          </Text>
          {user.phone && (
            <Text size="sm" c="dimmed">
              {user.phone}
            </Text>
          )}
        </Card>
        <Card withBorder radius="md" p="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.5}>
            Access
          </Text>
          <Group gap="xs" mt={8}>
            {roles.length > 0 ? (
              roles.map((role) => (
                <Badge key={role} variant="light" size="lg" radius="sm">
                  {role}
                </Badge>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                No roles yet: ask an administrator to assign one.
              </Text>
            )}
          </Group>
        </Card>
      </SimpleGrid>
    </>
  );
}
