/**
 * Image renditions (functions/README.md, "Renditions"): the fixed list of presets, their addresses, the format a
 * browser's Accept header gets, and where a crop keeps the focal point. Shared by the render Lambda, the asset
 * views, the delivery API, the local gateway, the CDN's viewer function (which inlines its own copy of the format
 * rule) and the web app's srcset.
 */
import { MEDIA_BASE } from './addresses';

/** Widths a picture is made at, whole and uncropped (srcset candidates). Never wider than the original. */
export const RENDITION_WIDTHS = [320, 400, 640, 800, 1024, 1200, 1600, 2048, 2560] as const;

/** Named crops: an aspect ratio made at a few widths, cut around the focal point. */
export const CROP_RATIOS = { '16x9': [16, 9], '4x3': [4, 3], '1x1': [1, 1] } as const;
export type CropRatio = keyof typeof CROP_RATIOS;
export const CROP_WIDTHS = [400, 800, 1600] as const;
/** The social card (Open Graph, X): exactly 1200 × 630. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** A preset's name in an address: `w<width>`, `<ratio>-<width>` or `social`. */
export type PresetName =
  | `w${(typeof RENDITION_WIDTHS)[number]}`
  | `${CropRatio}-${(typeof CROP_WIDTHS)[number]}`
  | 'social';

export interface Preset {
  name: PresetName;
  width: number;
  /** Set for crops: the box is exactly width × height, cut around the focal point. */
  height?: number;
}

export const PRESETS: readonly Preset[] = [
  ...RENDITION_WIDTHS.map((width) => ({ name: `w${width}` as PresetName, width })),
  ...(Object.entries(CROP_RATIOS) as [CropRatio, readonly [number, number]][]).flatMap(([ratio, [rw, rh]]) =>
    CROP_WIDTHS.map((width) => ({
      name: `${ratio}-${width}` as PresetName,
      width,
      height: Math.round((width * rh) / rw),
    })),
  ),
  { name: 'social', ...SOCIAL_CARD },
];
const PRESET_BY_NAME = new Map(PRESETS.map((p) => [p.name as string, p]));
export const presetNamed = (name: string): Preset | undefined => PRESET_BY_NAME.get(name);
export const isCrop = (preset: Preset) => preset.height !== undefined;

/** The formats a rendition is stored and served in; `source` is the original's own (JPEG or PNG). */
export const RENDITION_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];
export const RENDITION_CONTENT_TYPES: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The types renditions are made from: raster photos and graphics (SVG is served as checked, never rendered). */
export const RENDERABLE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const isRenderable = (contentType: string) => (RENDERABLE_TYPES as readonly string[]).includes(contentType);

/** What a browser that takes neither AVIF nor WebP gets: PNG for a PNG (it may be transparent), else JPEG. */
export const fallbackFormat = (key: string): RenditionFormat => (key.toLowerCase().endsWith('.png') ? 'png' : 'jpeg');

/** The q-value the Accept header gives a type (0 when it is absent or refused; wildcards do not count). */
function quality(accept: string, type: string): number {
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim() !== type) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    return Number.isFinite(value) ? value : 0;
  }
  return 0;
}

/** AVIF, then WebP, then the original's own kind: by what the browser says it takes (never by its name). */
export function negotiateFormat(accept: string | undefined, key: string): RenditionFormat {
  const header = accept ?? '';
  if (quality(header, 'image/avif') > 0) return 'avif';
  if (quality(header, 'image/webp') > 0) return 'webp';
  return fallbackFormat(key);
}

/** A focal point: where the picture's subject is, x and y from 0 (left, top) to 1 (right, bottom). */
export interface FocalPoint {
  x: number;
  y: number;
}
export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };
/** Focal points are kept to whole percents: an address names one exactly. */
export const focalPercent = (f: FocalPoint) => ({ x: Math.round(f.x * 100), y: Math.round(f.y * 100) });

/**
 * A rendition's address: `/media/r/<preset>/<key>`; a crop's preset carries the focal point it was cut around
 * (`16x9-800@30-60`), so moving the focal point gives the crop a new address instead of changing what a year of
 * immutable caching already holds. The render Lambda makes a crop only at the asset's current focal point.
 */
export function renditionPath(preset: Preset, key: string, focal: FocalPoint = CENTRE): string {
  if (!isCrop(preset)) return `${MEDIA_BASE}/r/${preset.name}/${key}`;
  const { x, y } = focalPercent(focal);
  return `${MEDIA_BASE}/r/${preset.name}@${x}-${y}/${key}`;
}

/** A preset segment as an address gives it: the preset, and for a crop the focal point in percents. */
export function parsePresetSegment(segment: string): { preset: Preset; focal?: { x: number; y: number } } | undefined {
  const [name, focal, ...rest] = segment.split('@');
  if (name === undefined || rest.length > 0) return undefined;
  const preset = presetNamed(name);
  if (!preset) return undefined;
  if (!isCrop(preset)) return focal === undefined ? { preset } : undefined;
  const match = /^(100|[1-9]?[0-9])-(100|[1-9]?[0-9])$/.exec(focal ?? '');
  if (!match) return undefined;
  return { preset, focal: { x: Number(match[1]), y: Number(match[2]) } };
}

/**
 * The box a preset cuts from a source of `width` × `height` (after orientation): for a crop, the largest box of
 * the preset's ratio whose centre is as near the focal point as the picture's edges allow; for a width, the whole
 * picture. `out` is the size made: never wider than the source (a small picture is not blown up).
 */
export function cropBox(
  width: number,
  height: number,
  preset: Preset,
  focal: FocalPoint = CENTRE,
): { left: number; top: number; width: number; height: number; out: { width: number; height: number } } {
  if (!isCrop(preset) || preset.height === undefined) {
    const outWidth = Math.min(preset.width, width);
    return {
      left: 0,
      top: 0,
      width,
      height,
      out: { width: outWidth, height: Math.max(1, Math.round((height * outWidth) / width)) },
    };
  }
  const ratio = preset.width / preset.height;
  const boxWidth = Math.min(width, Math.round(height * ratio));
  const boxHeight = Math.min(height, Math.round(boxWidth / ratio));
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  const left = clamp(Math.round(focal.x * width - boxWidth / 2), width - boxWidth);
  const top = clamp(Math.round(focal.y * height - boxHeight / 2), height - boxHeight);
  const outWidth = Math.min(preset.width, boxWidth);
  return {
    left,
    top,
    width: boxWidth,
    height: boxHeight,
    out: { width: outWidth, height: Math.max(1, Math.round(outWidth / ratio)) },
  };
}

/** One rendition as the API lists it: where to fetch it and the size it comes in. */
export interface RenditionRef {
  preset: PresetName;
  url: string;
  width: number;
  height: number;
}

/**
 * The renditions of a picture of `width` × `height`: every width up to the original's (and the original's own
 * width once, when it is between two presets), and every crop. Empty for files that are not renderable.
 */
export function renditionsOf(
  key: string,
  contentType: string,
  size: { width?: number; height?: number },
  focal: FocalPoint = CENTRE,
): RenditionRef[] {
  const { width, height } = size;
  if (!isRenderable(contentType) || !width || !height) return [];
  const refs: RenditionRef[] = [];
  for (const preset of PRESETS) {
    if (!isCrop(preset) && preset.width > width && refs.some((r) => !r.preset.includes('-') && r.width >= width)) {
      continue;
    }
    const { out } = cropBox(width, height, preset, focal);
    refs.push({ preset: preset.name, url: renditionPath(preset, key, focal), width: out.width, height: out.height });
  }
  return refs;
}

/** A srcset of the uncropped widths (`url 640w, …`) for an `<img>`. */
export const srcSetOf = (renditions: readonly RenditionRef[]) =>
  renditions
    .filter((r) => r.preset.startsWith('w'))
    .map((r) => `${r.url} ${r.width}w`)
    .join(', ');
