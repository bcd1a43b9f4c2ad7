import { VisuallyHidden } from '@mantine/core';
import { dayText } from '../../common/local-day';
import type { FlightPoint } from './flight-series';

/**
 * The chart's numbers for screen readers (and anyone who reads the page's text): each day something was counted,
 * with the total delivered by its end and the even pace's figure for it.
 */
export function DeliveryTable({ points }: { points: FlightPoint[] }) {
  const counted = points.filter((point) => point.views > 0 || point.clicks > 0);
  return (
    <VisuallyHidden>
      <table aria-label="Delivery by day (UTC)">
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            <th scope="col">Views</th>
            <th scope="col">Clicks</th>
            <th scope="col">Delivered so far</th>
            <th scope="col">Even pace</th>
          </tr>
        </thead>
        <tbody>
          {counted.map((point) => (
            <tr key={point.day}>
              <th scope="row">{dayText(point.day)}</th>
              <td>{point.views}</td>
              <td>{point.clicks}</td>
              <td>{point.delivered ?? 0}</td>
              <td>{point.pace}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
