/**
 * The picture work (functions/README.md, "Renditions"): cleaning an upload into the served original and making a
 * rendition of it, with sharp (libvips). The asset Lambda imports this module lazily, only for raster images, and
 * sharp itself is loaded on the first picture, never at a cold start.
 *
 * Memory is bounded three ways: a picture's pixels are counted from its header before anything is decoded
 * (IMAGE_LIMITS; sharp's limitInputPixels says so again to the decoder), one picture is worked on at a time per
 * process (`oneAtATime`), and libvips keeps no operation cache and uses one thread.
 */
import type { Metadata, Sharp, default as SharpModule, SharpOptions } from 'sharp';
import { IMAGE_LIMITS } from '../../shared/constants';
import { CENTRE, cropBox, type FocalPoint, type Preset, type RenditionFormat } from '../../shared/renditions';

type SharpFactory = typeof SharpModule;
let loaded: Promise<SharpFactory> | undefined;

/** sharp, loaded on first use: its native module costs ~100 ms to load, which no other request should pay. */
export function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then((module) => {
    const sharp = ((module as unknown as { default?: SharpFactory }).default ?? module) as SharpFactory;
    // No operation cache (each picture is seen once) and one thread: a Lambda has one or two vCPUs and one picture.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

let queue: Promise<unknown> = Promise.resolve();
/** Runs `work` after every earlier call has finished: one decoded picture in memory at a time per process. */
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** The types a picture may be cleaned or rendered from. */
export type RasterType = 'image/jpeg' | 'image/png' | 'image/webp';
const FORMAT_OF: Record<RasterType, 'jpeg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const number = (n: number) => n.toLocaleString('en-GB');

/**
 * Why a picture of this header may not be decoded, or undefined when it may. Animated pictures count only their
 * first frame (`pageHeight`), which is all that is ever decoded.
 */
export function refusal(metadata: Pick<Metadata, 'width' | 'height' | 'pageHeight'>): string | undefined {
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width <= 0 || height <= 0) return 'The image is damaged or incomplete: it has no size.';
  const size = `${number(width)} × ${number(height)}`;
  if (width * height > IMAGE_LIMITS.maxPixels) {
    return `Too many pixels: ${size} is over the ${IMAGE_LIMITS.maxPixels / 1_000_000}-megapixel limit.`;
  }
  if (Math.max(width, height) > IMAGE_LIMITS.maxSide) {
    return `Too large: ${size} is over the limit of ${number(IMAGE_LIMITS.maxSide)} pixels a side.`;
  }
  return undefined;
}

/**
 * The decoder's options for a picture whose header passed: it stops at IMAGE_LIMITS whatever the header said,
 * refuses damaged data (a truncated file is an error, not a grey half), and reads only the first frame.
 */
const DECODE: SharpOptions = {
  limitInputPixels: IMAGE_LIMITS.maxPixels,
  failOn: 'error',
  animated: false,
  pages: 1,
};

/** A refusal's sentence for a decoder's error: the people who see it uploaded the picture, not wrote libvips. */
function damaged(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return `Too many pixels: the image is over the ${IMAGE_LIMITS.maxPixels / 1_000_000}-megapixel limit.`;
  }
  return 'The image is damaged or incomplete, so it cannot be shown. Export it again and upload the new file.';
}

/** The header of a picture, or why it cannot be read (never decodes a pixel). */
async function header(
  sharp: SharpFactory,
  source: Buffer,
): Promise<{ ok: true; metadata: Metadata } | { ok: false; reason: string }> {
  try {
    // limitInputPixels off for the header only: the limit is applied below, with a sentence that gives the size.
    const metadata = await sharp(source, { limitInputPixels: false, failOn: 'none' }).metadata();
    const reason = refusal(metadata);
    return reason ? { ok: false, reason } : { ok: true, metadata };
  } catch {
    return { ok: false, reason: 'The image is damaged or incomplete, so it cannot be read.' };
  }
}

/**
 * A decoded picture turned upright (EXIF orientation), in sRGB (a CMYK or wide-gamut picture is converted through
 * its own ICC profile; 16-bit is made 8-bit), with no metadata at all: sharp writes EXIF, XMP, IPTC and ICC only
 * when asked (withMetadata / keep*), and it is never asked here.
 */
function upright(sharp: SharpFactory, source: Buffer): Sharp {
  return sharp(source, DECODE).autoOrient().toColourspace('srgb');
}

/**
 * Above this many pixels a JPEG original is written without optimised Huffman tables: optimising them holds the
 * whole picture's coefficients in memory (~380 MB more at 60 MP, against ~35 MB without, for 10% more bytes).
 */
const OPTIMISED_JPEG_PIXELS = 16_000_000;

/**
 * The served original's encoding: the upload's own format at a quality nobody can tell from it. libjpeg-turbo, not
 * mozjpeg: mozjpeg's trellis takes ~10 s on a 60-megapixel picture (1 s without) for 20% fewer bytes, and this
 * runs inside the upload's check, within API Gateway's 30 s.
 */
function encodeOriginal(image: Sharp, format: 'jpeg' | 'png' | 'webp', pixels: number): Sharp {
  if (format === 'jpeg') return image.jpeg({ quality: 90, optimiseCoding: pixels <= OPTIMISED_JPEG_PIXELS });
  if (format === 'png') return image.png({ compressionLevel: 6 });
  return image.webp({ quality: 90, effort: 4 });
}

export type CleanResult = { ok: true; body: Buffer; width: number; height: number } | { ok: false; reason: string };

/**
 * The served original of a checked upload (media/<key>): turned upright, in sRGB, with every EXIF, XMP and IPTC
 * field gone (GPS positions, camera serials, names), in its own format; an animated WebP keeps its first frame.
 * Refuses, with a sentence for the uploader, a picture over IMAGE_LIMITS (judged by its header, before a pixel is
 * decoded: a decompression bomb costs nothing) and a damaged or truncated one. `width` and `height` are upright.
 */
export async function cleanOriginal(
  source: Buffer,
  contentType: 'image/jpeg' | 'image/png' | 'image/webp',
): Promise<{ ok: true; body: Buffer; width: number; height: number } | { ok: false; reason: string }> {
  const format = FORMAT_OF[contentType];
  const sharp = await loadSharp();
  const read = await header(sharp, source);
  if (!read.ok) return read;
  if (read.metadata.format !== format) {
    return { ok: false, reason: `The file is not the ${format.toUpperCase()} image its name and type say it is.` };
  }
  return oneAtATime(async () => {
    try {
      const pixels = (read.metadata.width ?? 0) * (read.metadata.pageHeight ?? read.metadata.height ?? 0);
      const { data, info } = await encodeOriginal(upright(sharp, source), format, pixels).toBuffer({
        resolveWithObject: true,
      });
      return { ok: true, body: data, width: info.width, height: info.height };
    } catch (error) {
      return { ok: false, reason: damaged(error) };
    }
  });
}

/** How each format is made for a rendition (numbers from infra/bench/images.ts; see infra/bench/README.md). */
function encodeRendition(image: Sharp, format: RenditionFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 2 });
    case 'webp':
      return image.webp({ quality: 72, effort: 4 });
    case 'jpeg':
      // A transparent WebP's fallback is JPEG: on white, not libvips' black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9, effort: 4 });
  }
}

export type RenderResult = { ok: true; body: Buffer; width: number; height: number } | { ok: false; reason: string };

/**
 * One rendition of a source picture: the preset's box (cropBox, around `focal` for a crop) scaled to its size,
 * never enlarged, upright, sRGB, no metadata, in `format`. The picture is scaled first and cut after, so a JPEG
 * is decoded already shrunk (libjpeg's shrink-on-load) instead of at its full size.
 */
export async function renderImage(
  source: Buffer,
  preset: Preset,
  format: RenditionFormat,
  focal: FocalPoint = CENTRE,
): Promise<RenderResult> {
  const sharp = await loadSharp();
  const read = await header(sharp, source);
  if (!read.ok) return read;
  return oneAtATime(async () => {
    try {
      const { metadata } = read;
      const swap = (metadata.orientation ?? 1) >= 5;
      const sourceWidth = metadata.width ?? 0;
      const sourceHeight = metadata.pageHeight ?? metadata.height ?? 0;
      const width = swap ? sourceHeight : sourceWidth;
      const height = swap ? sourceWidth : sourceHeight;
      const box = cropBox(width, height, preset, focal);
      const scale = box.out.width / box.width;
      let image = upright(sharp, source);
      if (scale < 1) {
        const scaledWidth = Math.max(box.out.width, Math.round(width * scale));
        const scaledHeight = Math.max(box.out.height, Math.round(height * scale));
        image = image.resize(scaledWidth, scaledHeight, { fit: 'fill', kernel: 'lanczos3' });
        const left = Math.min(Math.round(box.left * scale), scaledWidth - box.out.width);
        const top = Math.min(Math.round(box.top * scale), scaledHeight - box.out.height);
        if (box.out.width !== scaledWidth || box.out.height !== scaledHeight) {
          image = image.extract({ left, top, width: box.out.width, height: box.out.height });
        }
      } else if (box.width !== width || box.height !== height) {
        image = image.extract({
          left: box.left,
          top: box.top,
          width: Math.min(box.out.width, width - box.left),
          height: Math.min(box.out.height, height - box.top),
        });
      }
      const { data, info } = await encodeRendition(image, format).toBuffer({ resolveWithObject: true });
      return { ok: true, body: data, width: info.width, height: info.height };
    } catch (error) {
      return { ok: false, reason: damaged(error) };
    }
  });
}
