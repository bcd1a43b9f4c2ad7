import { Badge, Tooltip } from '@mantine/core';
import { formatDateTime } from '../../../shared/format';
import { WHOLE_BADGE_LABEL } from '../common/StatusBadge';

/** Where an ad stands by its dates alone: not started, running now, or over. */
export type AdRunState = 'Scheduled' | 'Running' | 'Ended';

export function adRunState(ad: { startDate: string; endDate: string }, now: Date): AdRunState {
  const time = now.getTime();
  if (time < Date.parse(ad.startDate)) return 'Scheduled';
  if (time < Date.parse(ad.endDate)) return 'Running';
  return 'Ended';
}

const COLORS: Record<AdRunState, string> = { Scheduled: 'indigo', Running: 'green', Ended: 'gray' };

function hint(state: AdRunState, ad: { startDate: string; endDate: string }): string {
  if (state === 'Scheduled') return `Starts ${formatDateTime(ad.startDate)}`;
  if (state === 'Running') return `Runs until ${formatDateTime(ad.endDate)}`;
  return `Ended ${formatDateTime(ad.endDate)}`;
}

/** Scheduled / Running / Ended, with the date that decides it on hover. */
export function AdRunBadge({ ad, now }: { ad: { startDate: string; endDate: string }; now: Date }) {
  const state = adRunState(ad, now);
  return (
    <Tooltip label={hint(state, ad)} withArrow openDelay={200} events={{ hover: true, focus: true, touch: true }}>
      <Badge color={COLORS[state]} variant="light" size="sm" styles={WHOLE_BADGE_LABEL} tabIndex={0}>
        {state}
      </Badge>
    </Tooltip>
  );
}
