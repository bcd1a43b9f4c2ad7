import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A long form's two columns: the main fields, and a side column (publishing, images, history). The side column is
 * 5/12 up to xl, as an uploaded file's name and buttons need about 380px. One column on small screens.
 */
export function FormColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
        <Stack gap="lg">{main}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
        <Stack gap="lg">{side}</Stack>
      </Grid.Col>
    </Grid>
  );
}
