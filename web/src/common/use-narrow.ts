import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** True below the `sm` breakpoint (48em), where lists show cards instead of wide tables. */
export function useIsNarrow(): boolean {
  return !useMediaQuery(`(min-width: ${em(768)})`, true, { getInitialValueInEffect: false });
}
