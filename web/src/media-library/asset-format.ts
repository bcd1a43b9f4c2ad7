/** How the library words and links a file: its kind, size, dimensions, thumbnail, and where each use opens. */
import { FILE_TYPES } from '../../../shared/constants';
import type { RenditionRef } from '../../../shared/renditions';
import type { AssetKind, AssetUse, AssetView } from './api';

export const KIND_LABELS: Record<AssetKind, string> = {
  image: 'Images',
  video: 'Videos',
  pdf: 'PDFs',
  document: 'Documents',
};

export const KIND_OPTIONS = (Object.keys(KIND_LABELS) as AssetKind[]).map((value) => ({
  value,
  label: KIND_LABELS[value],
}));

/** 'JPG', 'PDF', 'MP4'. */
export const typeLabel = (type: string) => (FILE_TYPES as Record<string, string>)[type]?.toUpperCase() ?? type;

/** '240 KB', '3.4 MB', '1.2 GB'. */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** '4000 × 3000', or null when the file has no pixel size. */
export const dimensionsText = (asset: { width?: number; height?: number }) =>
  asset.width && asset.height ? `${asset.width} × ${asset.height}` : null;

/** The grid's thumbnail: the 400-wide rendition when there is one, else the file itself. */
export const thumbnailUrl = (asset: { url: string; renditions?: readonly RenditionRef[] }) =>
  asset.renditions?.find((r) => r.preset === 'w400')?.url ?? asset.url;

/** An image the browser can draw (raster or SVG). */
export const isImage = (asset: Pick<AssetView, 'kind'>) => asset.kind === 'image';

/** Where a use opens in the admin: the record's own edit screen (or its trash). */
export function pathOfUse(use: AssetUse): string {
  const id = encodeURIComponent(use.id);
  switch (use.kind) {
    case 'article':
      // The article editor opens the right editor for a Video, Gallery or Page.
      return use.trashed ? '/article/trash' : `/article/edit/${id}`;
    case 'advertisement':
      return use.trashed ? '/advertisement/trash' : `/advertisement/edit/${id}`;
    case 'category':
      return use.trashed ? '/shop/catagory/trash' : '/shop/catagory';
    case 'epaper':
      return use.trashed ? '/epaper/trash' : `/epaper/edit/${id}`;
    case 'site':
      return '/site-management';
  }
}

export const USE_KIND_LABELS: Record<AssetUse['kind'], string> = {
  article: 'Article',
  advertisement: 'Advertisement',
  category: 'Category',
  site: 'Site settings',
  epaper: 'E-paper',
};
