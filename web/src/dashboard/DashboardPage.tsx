import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconNews, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APP_NAME } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import { ARTICLE_RESOURCE, canAccess } from '../../../shared/permissions';
import type { ScreenProps } from '../app/screen';
import { ListRetry } from '../common/ListStates';
import { useNow } from '../common/use-now';
import { useSession } from '../session/session-context';
import { useSiteBrand } from '../site/use-site-detail';
import { NeedReviewPanel, RecentlyUpdatedPanel, ReturnedPanel, ScheduledPanel } from './ArticlePanels';
import { type Dashboard, useDashboard } from './api';
import { Panel, PanelSkeleton } from './Panel';
import { RunningAdsPanel } from './RunningAdsPanel';
import { StatusCounts } from './StatusCounts';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const numbers = new Intl.NumberFormat('en');

/**
 * The dashboard at / and /settings: a welcome, then what needs attention at a glance — articles by status, the
 * review queue, what is scheduled (and late), recent changes, running ads and the e-paper — each block only for
 * those who may read its resource, re-read every minute. Last, the signed-in account's access.
 */
export function DashboardPage(_props: ScreenProps) {
  const { user } = useSession();
  const brand = useSiteBrand();
  const dashboard = useDashboard();
  const now = useNow();
  if (!user) return null;
  const roles = user.isSuperAdmin ? ['Super Admin'] : user.roles.map((role) => role.name);
  const readsAnything =
    ([ARTICLE_RESOURCE, 'Advertisement', 'Epaper'] as const).some((resource) => canAccess(user, resource, ['Read'])) ||
    // An author without Read still has "Returned to me".
    canAccess(user, ARTICLE_RESOURCE, ['Write', 'EditOwn']);

  return (
    <>
      <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} mb="lg" bg="brand.9" c="white" shadow="sm">
        <Text size="sm" opacity={0.8}>
          {greeting(new Date().getHours())}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }} mt={4}>
          Welcome back, {user.name}
        </Title>
        <Text size="sm" mt="xs" opacity={0.85}>
          {brand.name === APP_NAME
            ? 'Use the menu to manage content, the home page and your team.'
            : `You are signed in to the admin portal of ${brand.name}.`}
        </Text>
      </Card>

      {readsAnything && <Figures state={dashboard} now={now} />}

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

interface FiguresProps {
  state: ReturnType<typeof useDashboard>;
  now: Date;
}

/** The blocks, or their placeholders on the first load, or a way to try again when that failed. */
function Figures({ state, now }: FiguresProps) {
  const { user } = useSession();
  const { data, error, isValidating, mutate } = state;

  if (!data) {
    if (error)
      return (
        <Paper withBorder radius="md" p="lg" mb="lg">
          <ListRetry
            message="The dashboard figures could not be loaded."
            justify="space-between"
            onRetry={() => void mutate()}
            busy={isValidating}
          />
        </Paper>
      );
    const articles = canAccess(user, ARTICLE_RESOURCE, ['Read']);
    return (
      <div role="status" aria-label="Loading the dashboard figures">
        <Grid gap="md" mb="md">
          {articles && (
            <>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <PanelSkeleton lines={3} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <PanelSkeleton lines={3} />
              </Grid.Col>
            </>
          )}
          {canAccess(user, 'Advertisement', ['Read']) && (
            <Grid.Col span={{ base: 12, md: 8 }}>
              <PanelSkeleton lines={2} />
            </Grid.Col>
          )}
          {canAccess(user, 'Epaper', ['Read']) && (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <PanelSkeleton lines={1} />
            </Grid.Col>
          )}
        </Grid>
      </div>
    );
  }

  return (
    <>
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={2} fz="lg">
          At a glance
        </Title>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            As of {formatDateTime(data.now).split(' ')[1]} · refreshes every minute
          </Text>
          <Tooltip label="Refresh now" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => void mutate()}
              loading={isValidating}
              aria-label="Refresh the dashboard"
            >
              <IconRefresh size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Blocks data={data} now={now} />
    </>
  );
}

function Blocks({ data, now }: { data: Dashboard; now: Date }) {
  const { user } = useSession();
  const { articles, advertisements, epapers, returned } = data;
  const cells: ReactNode[] = [];
  // First: what the user has to act on. An editor sees it only when something of theirs was sent back.
  if (returned && (returned.length > 0 || !canAccess(user, ARTICLE_RESOURCE, ['Edit']))) {
    cells.push(
      <Grid.Col key="returned" span={12}>
        <ReturnedPanel returned={returned} now={now} />
      </Grid.Col>,
    );
  }
  if (articles) {
    cells.push(
      <Grid.Col key="counts" span={{ base: 12, md: 7 }}>
        <StatusCounts counts={articles.counts} />
      </Grid.Col>,
      <Grid.Col key="review" span={{ base: 12, md: 5 }}>
        <NeedReviewPanel figures={articles} now={now} />
      </Grid.Col>,
      <Grid.Col key="scheduled" span={{ base: 12, md: 6 }}>
        <ScheduledPanel figures={articles} now={now} />
      </Grid.Col>,
      <Grid.Col key="recent" span={{ base: 12, md: 6 }}>
        <RecentlyUpdatedPanel figures={articles} now={now} />
      </Grid.Col>,
    );
  }
  if (advertisements) {
    cells.push(
      <Grid.Col key="ads" span={{ base: 12, md: epapers ? 8 : 12 }}>
        <RunningAdsPanel total={advertisements.total} running={advertisements.running} />
      </Grid.Col>,
    );
  }
  if (epapers) {
    cells.push(
      <Grid.Col key="epaper" span={advertisements ? { base: 12, md: 4 } : { base: 12, sm: 6 }}>
        <EpaperPanel total={epapers.total} />
      </Grid.Col>,
    );
  }
  return (
    <Grid gap="md" mb="lg">
      {cells}
    </Grid>
  );
}

function EpaperPanel({ total }: { total: number }) {
  const { user } = useSession();
  return (
    <Panel title="E-paper" viewAll={{ to: '/epaper', label: 'Manage' }}>
      <Group gap="md" wrap="nowrap" align="center">
        <IconNews size={36} stroke={1.4} color="var(--mantine-color-brand-6)" aria-hidden />
        <div>
          <Anchor
            component={Link}
            to="/epaper"
            fz={28}
            fw={700}
            lh={1.1}
            c="var(--mantine-color-text)"
            underline="hover"
            aria-label={`${total} e-paper ${total === 1 ? 'edition' : 'editions'}`}
          >
            {numbers.format(total)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {total === 1 ? 'edition' : 'editions'} in all
          </Text>
        </div>
      </Group>
      {canAccess(user, 'Epaper', ['Write']) && (
        <Button
          component={Link}
          to="/epaper/create"
          variant="light"
          size="xs"
          mt="md"
          leftSection={<IconPlus size={14} />}
        >
          Add Epaper
        </Button>
      )}
    </Panel>
  );
}
