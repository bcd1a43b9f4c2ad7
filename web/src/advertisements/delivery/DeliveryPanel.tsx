import { Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { type AdFlight, clickThroughRate } from '../../../../shared/schemas/ad-serving';
import { DashedEmpty } from '../../common/DashedEmpty';
import { FormSection } from '../../common/FormSection';
import { ListRetry } from '../../common/ListStates';
import { useNow } from '../../common/use-now';
import { type AdvertisementDetail, useAdFlight } from '../api';
import { DeliveryTable } from './DeliveryTable';
import { flightSeries } from './flight-series';

// The chart is its own chunk: the add form, which shares this page's code, never fetches it. The panel starts
// fetching it as it opens, beside the flight's read, rather than after.
const loadChart = () => import('./FlightChart');
const FlightChart = lazy(() => loadChart().then((module) => ({ default: module.FlightChart })));

const count = new Intl.NumberFormat('en-GB');
const CHART_HEIGHT = 252;

/** One figure of the panel: its name small, its value large. */
function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {/* A definition list's group holds only its term and its description: the note is part of the value's. */}
      <dd style={{ margin: 0 }}>
        <Text fz="xl" fw={700} lh={1.3}>
          {value}
        </Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </dd>
    </div>
  );
}

function Figures({ views, clicks, cap }: { views: number; clicks: number; cap: number }) {
  const share = cap > 0 ? Math.round((views / cap) * 1000) / 10 : 0;
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm" m={0}>
      <Figure label="Views" value={count.format(views)} note={`${share}% of the cap`} />
      <Figure label="Clicks" value={count.format(clicks)} />
      <Figure label="Click-through rate" value={`${clickThroughRate(views, clicks)}%`} />
      <Figure label="Cap" value={count.format(cap)} note="impressions at most" />
    </SimpleGrid>
  );
}

/** The chart and its numbers, or, before anything is counted, a word on when they will come. */
function FlightView({ flight }: { flight: AdFlight }) {
  const now = useNow(60_000);
  if (flight.days.length === 0 && flight.views === 0) {
    return (
      <DashedEmpty
        icon={<IconChartLine size={20} />}
        title="Nothing counted yet"
        hint="Impressions and clicks show here, day by day, once the site shows the ad."
      />
    );
  }
  const points = flightSeries(flight, now);
  return (
    <>
      <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="md" />}>
        <FlightChart flight={flight} points={points} now={now} height={CHART_HEIGHT} />
      </Suspense>
      <DeliveryTable points={points} />
    </>
  );
}

/**
 * CONTRACT.md §7 Ads: what the ad has delivered, read-only and never sent back by the form: its counts, its
 * click-through rate, its cap, and its flight against the cap and an even pace.
 */
export function DeliveryPanel({ ad }: { ad: AdvertisementDetail }) {
  const flight = useAdFlight(ad._id);
  useEffect(() => {
    void loadChart();
  }, []);
  // The record's counts stand in until the flight (read fresh) arrives.
  const shown = flight.data ?? ad;
  return (
    <FormSection title="Delivery">
      <Stack gap="md">
        <Figures views={shown.views} clicks={shown.clicks} cap={shown.maxImpressionAllowed} />
        {flight.data ? (
          <FlightView flight={flight.data} />
        ) : flight.error ? (
          <ListRetry
            message="The delivery by day could not be loaded."
            onRetry={() => void flight.mutate()}
            busy={flight.isValidating}
          />
        ) : (
          <Skeleton h={CHART_HEIGHT} radius="md" />
        )}
        <Group justify="flex-end">
          <Text size="xs" c="dimmed">
            Days are UTC. Views and clicks are counted by the site, not edited here.
          </Text>
        </Group>
      </Stack>
    </FormSection>
  );
}
