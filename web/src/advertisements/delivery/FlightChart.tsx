import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { AdFlight } from '../../../../shared/schemas/ad-serving';
import { dayText } from '../../common/local-day';
import { chartGeometry, dayStart, type Geometry, pathOf } from './chart-geometry';
import { DAY_MS, type FlightPoint } from './flight-series';

const CHART_LABEL = 'Delivered impressions against the cap and an even pace';

const count = new Intl.NumberFormat('en-GB');
const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const COLORS = {
  delivered: 'var(--mantine-color-brand-6)',
  pace: 'var(--mantine-color-gray-6)',
  cap: 'var(--mantine-color-red-6)',
  grid: 'var(--mantine-color-default-border)',
  text: 'var(--mantine-color-dimmed)',
};
const PACE_DASH = '6 4';

function Axes({ g }: { g: Geometry }) {
  return (
    <g fontSize={11} fill={COLORS.text}>
      {g.yTicks.map((value) => (
        <g key={value}>
          <line x1={g.left} x2={g.right} y1={g.y(value)} y2={g.y(value)} stroke={COLORS.grid} />
          <text x={g.left - 6} y={g.y(value)} dy="0.32em" textAnchor="end">
            {compact.format(value)}
          </text>
        </g>
      ))}
      {g.xTicks.map((tick) => (
        <text key={tick.x} x={tick.x} y={g.bottom + 16} textAnchor="start">
          {tick.label}
        </text>
      ))}
    </g>
  );
}

const LEGEND = [
  { label: 'Delivered', color: COLORS.delivered },
  { label: 'Even pace', color: COLORS.pace, dash: PACE_DASH },
  { label: 'Cap', color: COLORS.cap },
];

/** What each line is; the chart's name already says it to a screen reader. */
function Legend() {
  return (
    <Group gap="md" justify="center" aria-hidden>
      {LEGEND.map(({ label, color, dash }) => (
        <Group key={label} gap={6} wrap="nowrap">
          <svg width={22} height={8} aria-hidden>
            <line x1={0} x2={22} y1={4} y2={4} stroke={color} strokeWidth={2} strokeDasharray={dash} />
          </svg>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

interface FlightChartProps {
  flight: AdFlight;
  points: FlightPoint[];
  now: Date;
  height: number;
}

/**
 * The flight as lines, drawn as plain SVG: impressions delivered so far (up to now), an even pace from 0 at the
 * start to the cap at the end, and the cap. One image to a screen reader; the panel's table holds its numbers.
 */
export function FlightChart({ flight, points, now, height }: FlightChartProps) {
  const { ref, width } = useElementSize();
  const plotHeight = height - 28;
  const g = width > 0 ? chartGeometry(flight, points, width, plotHeight) : null;
  const shown = points.filter((p) => p.delivered !== null);
  const at = (p: FlightPoint) => Math.min(dayStart(p.day) + DAY_MS, now.getTime());
  return (
    <Box h={height}>
      <Box ref={ref} h={plotHeight}>
        {g && (
          <svg role="img" aria-label={CHART_LABEL} width={width} height={plotHeight} style={{ display: 'block' }}>
            <Axes g={g} />
            <line
              x1={g.left}
              x2={g.right}
              y1={g.y(flight.maxImpressionAllowed)}
              y2={g.y(flight.maxImpressionAllowed)}
              stroke={COLORS.cap}
              strokeWidth={1.5}
            />
            <text x={g.left + 4} y={g.y(flight.maxImpressionAllowed) - 5} fontSize={11} fill={COLORS.cap}>
              Cap {count.format(flight.maxImpressionAllowed)}
            </text>
            <path
              d={pathOf([
                [g.x(Date.parse(flight.startDate)), g.y(0)],
                [g.x(Date.parse(flight.endDate)), g.y(flight.maxImpressionAllowed)],
              ])}
              stroke={COLORS.pace}
              strokeWidth={1.5}
              strokeDasharray={PACE_DASH}
              fill="none"
            />
            <path
              d={pathOf([
                [g.x(dayStart(points[0]?.day ?? '')), g.y(0)],
                ...shown.map((p): [number, number] => [g.x(at(p)), g.y(p.delivered ?? 0)]),
              ])}
              stroke={COLORS.delivered}
              strokeWidth={2.5}
              strokeLinejoin="round"
              fill="none"
            />
            {shown.length <= 31 &&
              shown.map((p) => (
                <circle key={p.day} cx={g.x(at(p))} cy={g.y(p.delivered ?? 0)} r={3} fill={COLORS.delivered}>
                  <title>{`${dayText(p.day)}: ${count.format(p.delivered ?? 0)} delivered`}</title>
                </circle>
              ))}
          </svg>
        )}
      </Box>
      <Legend />
    </Box>
  );
}
