import { Box, Text } from '@mantine/core';
import { Fragment } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { AssetView } from './api';
import { bytesText, dimensionsText, typeLabel } from './asset-format';

/** The file's facts as a definition list: type, size, dimensions, who uploaded it and when. */
export function AssetFacts({ asset }: { asset: AssetView }) {
  const rows: [string, string][] = [
    ['Type', typeLabel(asset.type)],
    ['Size', bytesText(asset.size)],
    ...(dimensionsText(asset) ? ([['Dimensions', `${dimensionsText(asset)} px`]] as [string, string][]) : []),
    ['Uploaded by', asset.uploader?.name ?? '—'],
    ['Uploaded', formatDateTime(asset.createdAt)],
  ];
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', alignItems: 'baseline' }}
    >
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}
