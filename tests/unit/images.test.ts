/**
 * The picture work (functions/media-render/images.ts) on real bytes: the served original and every rendition
 * carry no EXIF, XMP or IPTC (parsed, and searched for what was planted), are upright and sRGB; bad pictures (a
 * decompression bomb, a truncated JPEG, too many pixels) get a sentence, odd ones (CMYK, 16-bit, animated WebP)
 * a correct picture; the largest picture the limits allow is made.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanOriginal, oneAtATime, refusal, renderImage } from '../../functions/media-render/images';
import { IMAGE_LIMITS } from '../../shared/constants';
import { presetNamed, RENDITION_FORMATS } from '../../shared/renditions';
import {
  animatedWebp,
  bombPng,
  cmykJpeg,
  PLANTED,
  photoJpeg,
  plantedIn,
  png16,
  truncatedJpeg,
} from '../fixtures/pictures';

const preset = (name: string) => {
  const found = presetNamed(name);
  if (!found) throw new Error(name);
  return found;
};

async function expectClean(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation ?? 1).toBe(1);
  expect(meta.space).toBe('srgb');
  expect(plantedIn(bytes)).toEqual([]);
  expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
}

describe('a photo with metadata, on its side', () => {
  // 1200 × 800 stored, EXIF orientation 6: shown 800 wide, 1200 high.
  const photo = photoJpeg(1200, 800, { orientation: 6 });

  it('carries what it should not before (the fixture is real)', async () => {
    const bytes = await photo;
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ orientation: 6 });
    expect(meta.exif && meta.xmp && meta.iptc).toBeTruthy();
    expect(plantedIn(bytes)).toEqual(expect.arrayContaining(Object.values(PLANTED)));
  });

  it('is served upright with nothing of it', async () => {
    const cleaned = await cleanOriginal(await photo, 'image/jpeg');
    if (!cleaned.ok) throw new Error(cleaned.reason);
    expect(cleaned).toMatchObject({ width: 800, height: 1200 });
    await expectClean(cleaned.body);
    expect((await sharp(cleaned.body).metadata()).format).toBe('jpeg');
  });

  it.each(RENDITION_FORMATS.filter((f) => f !== 'png'))(
    'every rendition in %s is upright and clean',
    async (format) => {
      for (const name of ['w400', '16x9-400', '1x1-400', 'social']) {
        const made = await renderImage(await photo, preset(name), format, { x: 0.5, y: 0.2 });
        if (!made.ok) throw new Error(made.reason);
        await expectClean(made.body);
        const meta = await sharp(made.body).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
        if (name === 'w400') expect([meta.width, meta.height]).toEqual([400, 600]);
        if (name === '16x9-400') expect([meta.width, meta.height]).toEqual([400, 225]);
        // The social card is 1200 × 630; an 800-wide picture makes it at its own width, never bigger.
        if (name === 'social') expect([meta.width, meta.height]).toEqual([800, 420]);
      }
    },
  );
});

describe('bad pictures', () => {
  it('a decompression bomb is refused from its header, in no time and no memory', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const result = await cleanOriginal(bomb, 'image/png');
    expect(result).toEqual({ ok: false, reason: 'Too many pixels: 50,000 × 50,000 is over the 60-megapixel limit.' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect(await renderImage(bomb, preset('w400'), 'webp')).toMatchObject({ ok: false });
  });

  it('too long a side is refused, however few its pixels', () => {
    expect(refusal({ width: 20_000, height: 100 })).toBe(
      'Too large: 20,000 × 100 is over the limit of 16,383 pixels a side.',
    );
    expect(refusal({ width: 16_383, height: 3662 })).toBeUndefined();
    expect(refusal({ width: 0, height: 10 })).toMatch(/damaged/);
  });

  it('a truncated JPEG is refused with a sentence, never half a picture', async () => {
    const cut = await truncatedJpeg();
    expect(await cleanOriginal(cut, 'image/jpeg')).toEqual({
      ok: false,
      reason: expect.stringMatching(/damaged or incomplete/),
    });
    expect(await renderImage(cut, preset('w400'), 'webp')).toMatchObject({ ok: false });
  });

  it('garbage, and a file of another type than it says, are refused', async () => {
    expect(await cleanOriginal(Buffer.from('not a picture at all'), 'image/png')).toMatchObject({ ok: false });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await cleanOriginal(png, 'image/jpeg')).toEqual({
      ok: false,
      reason: 'The file is not the JPEG image its name and type say it is.',
    });
  });

  it('a CMYK JPEG becomes sRGB', async () => {
    const cmyk = await cmykJpeg();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const cleaned = await cleanOriginal(cmyk, 'image/jpeg');
    if (!cleaned.ok) throw new Error(cleaned.reason);
    await expectClean(cleaned.body);
    expect((await sharp(cleaned.body).metadata()).channels).toBe(3);
    const made = await renderImage(cmyk, preset('w400'), 'webp');
    if (!made.ok) throw new Error(made.reason);
    await expectClean(made.body);
  });

  it('a Display P3 picture is converted to sRGB through its profile, not just stripped of it', async () => {
    // sRGB (30, 200, 60), stored as P3 numbers (about 94, 197, 80) with a P3 profile.
    const p3 = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 200, b: 60 } } })
      .withIccProfile('p3')
      .jpeg({ quality: 95 })
      .toBuffer();
    const stored = await sharp(p3).keepIccProfile().raw().toBuffer();
    expect(stored[0]).toBeGreaterThan(80);
    const cleaned = await cleanOriginal(p3, 'image/jpeg');
    if (!cleaned.ok) throw new Error(cleaned.reason);
    await expectClean(cleaned.body);
    const made = await renderImage(p3, preset('w400'), 'webp');
    if (!made.ok) throw new Error(made.reason);
    for (const bytes of [cleaned.body, made.body]) {
      const [r, g, b] = (await sharp(bytes).stats()).channels.map((c) => c.mean);
      expect(Math.abs((r ?? 0) - 30)).toBeLessThan(6);
      expect(Math.abs((g ?? 0) - 200)).toBeLessThan(6);
      expect(Math.abs((b ?? 0) - 60)).toBeLessThan(6);
    }
  });

  it('a 16-bit PNG becomes 8-bit sRGB', async () => {
    const deep = await png16();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const cleaned = await cleanOriginal(deep, 'image/png');
    if (!cleaned.ok) throw new Error(cleaned.reason);
    const meta = await sharp(cleaned.body).metadata();
    expect(meta).toMatchObject({ format: 'png', depth: 'uchar', space: 'srgb' });
    const made = await renderImage(deep, preset('w400'), 'png');
    if (!made.ok) throw new Error(made.reason);
    expect(await sharp(made.body).metadata()).toMatchObject({ depth: 'uchar', width: 400 });
  });

  it('an animated WebP keeps its first frame only', async () => {
    const animated = await animatedWebp();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const cleaned = await cleanOriginal(animated, 'image/webp');
    if (!cleaned.ok) throw new Error(cleaned.reason);
    expect(cleaned).toMatchObject({ width: 320, height: 240 });
    const meta = await sharp(cleaned.body).metadata();
    expect(meta.pages ?? 1).toBe(1);
    const { channels } = await sharp(cleaned.body).stats();
    // Red: the first frame.
    const [red, green, blue] = channels.map((c) => c.mean);
    expect(red).toBeGreaterThan(240);
    expect(Math.max(green ?? 255, blue ?? 255)).toBeLessThan(15);
    const made = await renderImage(animated, preset('16x9-400'), 'jpeg');
    if (!made.ok) throw new Error(made.reason);
    expect(await sharp(made.body).metadata()).toMatchObject({ width: 320, height: 180 });
  });
});

describe('limits', () => {
  it('the largest picture the limits allow is cleaned and rendered', async () => {
    const width = 9486;
    const height = Math.floor(IMAGE_LIMITS.maxPixels / width);
    // One colour: every pixel is still decoded, turned and resized, at a fraction of noise's entropy-coding time
    // (the images benchmark renders a photo-like picture for the timings).
    const big = await sharp({ create: { width, height, channels: 3, background: { r: 68, g: 85, b: 102 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(width * height).toBeLessThanOrEqual(IMAGE_LIMITS.maxPixels);
    const made = await renderImage(big, preset('w1200'), 'webp');
    if (!made.ok) throw new Error(made.reason);
    expect((await sharp(made.body).metadata()).width).toBe(1200);
    const cleaned = await cleanOriginal(big, 'image/jpeg');
    expect(cleaned).toMatchObject({ ok: true, width, height });
  }, 120_000);

  it('one picture at a time', async () => {
    const log: string[] = [];
    const task = (name: string, ms: number) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        setTimeout(() => {
          log.push(`end ${name}`);
          resolve(name);
        }, ms);
      });
    const failing = oneAtATime(() => Promise.reject(new Error('x')));
    const results = await Promise.all([
      oneAtATime(task('a', 30)),
      oneAtATime(task('b', 1)),
      failing.catch(() => 'failed'),
    ]);
    expect(results).toEqual(['a', 'b', 'failed']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
