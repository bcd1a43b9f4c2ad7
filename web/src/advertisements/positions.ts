/** The ad positions of CONTRACT.md §3 as staff read them, and what each one shows. */
import { AD_POSITIONS } from '../../../shared/constants';
import type { AdPosition } from '../../../shared/schemas/advertisement';

export const POSITION_LABELS: Record<AdPosition, string> = {
  Top: 'Top',
  Bottom: 'Bottom',
  RightTop: 'Right top',
  RightBottom: 'Right bottom',
};

export const POSITION_OPTIONS = AD_POSITIONS.map((position) => ({ value: position, label: POSITION_LABELS[position] }));

export const isAdPosition = (value: unknown): value is AdPosition =>
  (AD_POSITIONS as readonly unknown[]).includes(value);
