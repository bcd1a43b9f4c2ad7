import { Anchor, Badge, Box, Group, Progress, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format';
import { canAccess } from '../../../shared/permissions';
import { useSession } from '../session/session-context';
import type { RunningAd } from './api';
import classes from './Dashboard.module.css';
import { ItemList, Panel, PanelEmpty } from './Panel';

const numbers = new Intl.NumberFormat('en');

function daysLeftText(days: number): string {
  if (days <= 0) return 'Ends today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** Red on its last day, orange in its last three: someone may want to renew it. */
const daysLeftColor = (days: number) => (days <= 1 ? 'red' : days <= 3 ? 'orange' : 'gray');

/** The ads running now, ending soonest first: how often they were seen and clicked, and how long they have left. */
export function RunningAdsPanel({ total, running }: { total: number; running: RunningAd[] }) {
  const { user } = useSession();
  const canEdit = canAccess(user, 'Advertisement', ['Edit']);
  return (
    <Panel
      title="Running ads"
      count={running.length}
      countColor="teal"
      viewAll={{ to: '/advertisement', label: `All ${numbers.format(total)} ads` }}
    >
      {running.length === 0 ? (
        <PanelEmpty title="No ads are running right now">
          {total > 0 ? 'None of the ads is between its start and end date.' : 'Ads show up here while they run.'}
        </PanelEmpty>
      ) : (
        <ItemList label="Running ads">
          {running.map((ad) => {
            const share = ad.maxImpressionAllowed > 0 ? Math.min(100, (ad.views / ad.maxImpressionAllowed) * 100) : 0;
            const clickRate = ad.views > 0 ? `${((ad.clicks / ad.views) * 100).toFixed(1)}%` : '—';
            return (
              <Box key={ad._id} className={classes.item} component="li">
                <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                  <Box miw={0}>
                    {canEdit ? (
                      <Anchor
                        component={Link}
                        to={`/advertisement/edit/${encodeURIComponent(ad._id)}`}
                        size="sm"
                        fw={600}
                        c="var(--mantine-color-text)"
                        lineClamp={1}
                      >
                        {ad.title}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={600} lineClamp={1}>
                        {ad.title}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" mt={2}>
                      {ad.client?.name || 'No client'} · {ad.position}
                    </Text>
                  </Box>
                  <Box style={{ flexShrink: 0, textAlign: 'right' }}>
                    <Badge color={daysLeftColor(ad.daysLeft)} variant="light" size="sm">
                      {daysLeftText(ad.daysLeft)}
                    </Badge>
                    <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
                      until {formatDateTime(ad.endDate)}
                    </Text>
                  </Box>
                </Group>
                <Group gap="sm" mt={8} wrap="nowrap" align="center">
                  <Progress
                    value={share}
                    size="md"
                    radius="xl"
                    color={share >= 90 ? 'orange' : 'teal'}
                    style={{ flex: 1 }}
                    aria-label={`${ad.title}: ${numbers.format(ad.views)} of ${numbers.format(ad.maxImpressionAllowed)} views`}
                  />
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {numbers.format(ad.views)} / {numbers.format(ad.maxImpressionAllowed)} views
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {numbers.format(ad.clicks)} {ad.clicks === 1 ? 'click' : 'clicks'} · {clickRate} click rate
                </Text>
              </Box>
            );
          })}
        </ItemList>
      )}
    </Panel>
  );
}
