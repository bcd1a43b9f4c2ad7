/**
 * Renditions (shared/renditions.ts): only the listed presets parse, the format Accept gets (and the CDN's viewer
 * function, infra/aws/rendition-edge.ts, gives the same), where a crop is cut, and the storage keys of
 * functions/lib/media-keys.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  renditionObjectKey,
  renditionPurgePaths,
  renditionsPrefix,
  renditionViewerPath,
} from '../../functions/lib/media-keys';
import { MAX_INLINE_BYTES, parseAddress, renditionAnswer } from '../../functions/media-render/service';
import { renditionEdge } from '../../infra/aws/rendition-edge';
import {
  CENTRE,
  cropBox,
  negotiateFormat,
  PRESETS,
  parsePresetSegment,
  presetNamed,
  renditionPath,
  renditionsOf,
} from '../../shared/renditions';

const ID = '01jbz8y3q4m5n6p7r8s9t0v1w2';

const preset = (name: string) => {
  const found = presetNamed(name);
  if (!found) throw new Error(`no preset ${name}`);
  return found;
};
const JPG = `cover-image/${ID}.jpg`;
const PNG = `site-logo/${ID}.png`;

describe('presets', () => {
  it('parses every listed preset, a crop only with a focal point in whole percents', () => {
    for (const preset of PRESETS) {
      const segment = preset.height === undefined || preset.name === 'social' ? preset.name : `${preset.name}@30-60`;
      if (preset.height !== undefined) {
        expect(parsePresetSegment(`${preset.name}@30-60`)).toEqual({ preset, focal: { x: 30, y: 60 } });
        expect(parsePresetSegment(preset.name)).toBeUndefined();
      } else {
        expect(parsePresetSegment(segment)).toEqual({ preset });
        expect(parsePresetSegment(`${preset.name}@50-50`)).toBeUndefined();
      }
    }
  });

  it('refuses anything not listed', () => {
    for (const segment of [
      '',
      'w641',
      'w10000',
      'W640',
      'w640 ',
      '16x9-801@50-50',
      '21x9-800@50-50',
      '16x9-800@101-0',
      '16x9-800@-1-0',
      '16x9-800@05-50',
      '16x9-800@50-50@1',
      '16x9-800@50',
      'social@50',
      'social@a-b',
      '__proto__',
      'constructor',
      'toString',
    ]) {
      expect(parsePresetSegment(segment), segment).toBeUndefined();
    }
  });

  it('puts the focal point of a crop in its address, never in a width', () => {
    expect(renditionPath(preset('w640'), JPG, { x: 0.3, y: 0.6 })).toBe(`/media/r/w640/${JPG}`);
    expect(renditionPath(preset('16x9-800'), JPG, { x: 0.304, y: 0.596 })).toBe(`/media/r/16x9-800@30-60/${JPG}`);
    expect(renditionPath(preset('social'), JPG)).toBe(`/media/r/social@50-50/${JPG}`);
  });
});

/** Accept headers and the format each gets, for a JPEG and for a PNG. */
const ACCEPTS: [string | undefined, string, string][] = [
  [undefined, 'jpeg', 'png'],
  ['', 'jpeg', 'png'],
  // Chrome, Firefox, Safari 17 image requests.
  ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif', 'avif'],
  ['image/avif,image/webp,*/*', 'avif', 'avif'],
  [
    'image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5',
    'avif',
    'avif',
  ],
  ['image/webp,*/*', 'webp', 'webp'],
  // Wildcards promise nothing in particular.
  ['*/*', 'jpeg', 'png'],
  ['image/*', 'jpeg', 'png'],
  ['image/*,*/*;q=0.8', 'jpeg', 'png'],
  // q=0 refuses a type.
  ['image/avif;q=0,image/webp', 'webp', 'webp'],
  ['image/avif;q=0, image/webp;q=0', 'jpeg', 'png'],
  ['image/avif; q=0.0, image/webp; q=0.5', 'webp', 'webp'],
  ['image/avif;q=0.1', 'avif', 'avif'],
  ['IMAGE/AVIF', 'avif', 'avif'],
  ['  image/webp ;  q=1  ', 'webp', 'webp'],
  ['image/webp;q=', 'jpeg', 'png'],
  ['image/webp;q=abc', 'jpeg', 'png'],
  ['image/webp;level=1', 'webp', 'webp'],
  ['image/avifx,image/webpx', 'jpeg', 'png'],
  ['text/html,application/xhtml+xml', 'jpeg', 'png'],
  ['image/png', 'jpeg', 'png'],
  ['image/jpeg', 'jpeg', 'png'],
];

describe('the format Accept gets', () => {
  it.each(ACCEPTS)('%j: %s for a JPEG, %s for a PNG', (accept, jpeg, png) => {
    expect(negotiateFormat(accept, JPG)).toBe(jpeg);
    expect(negotiateFormat(accept, PNG)).toBe(png);
  });

  it('is what the CDN viewer function picks too, and its rewrite is the stored key', () => {
    const edge = renditionEdge();
    for (const [accept] of ACCEPTS) {
      for (const key of [JPG, PNG, `editor-image/${ID}.webp`]) {
        for (const segment of ['w640', '16x9-800@30-60', 'social@50-50']) {
          const out = edge(`/media/r/${segment}/${key}`, accept);
          expect(out, `${accept} ${key}`).toEqual({
            uri: `/${renditionObjectKey(key, negotiateFormat(accept, key), segment)}`,
          });
        }
      }
    }
  });

  it('the CDN viewer function answers 404 itself for an unknown preset or any other shape', () => {
    const edge = renditionEdge();
    for (const uri of [
      `/media/r/w641/${JPG}`,
      `/media/r/16x9-800/${JPG}`,
      `/media/r/w640@50-50/${JPG}`,
      `/media/r/constructor/${JPG}`,
      `/media/r/w640/unknown-purpose/${ID}.jpg`,
      `/media/r/w640/cover-image/${ID}.svg`,
      `/media/r/w640/cover-image/${ID.toUpperCase()}.jpg`,
      `/media/r/w640/cover-image/${ID}.jpg/extra`,
      `/media/r/w640/cover-image/../${ID}.jpg`,
      `/media/r/cover-image/${ID}.jpg/webp/w640`,
      '/media/r/',
      '/media/r/w640',
      `/media/w640/${JPG}`,
    ]) {
      expect(edge(uri, 'image/webp'), uri).toMatchObject({ statusCode: 404 });
    }
  });
});

describe('the render route checks its address before reading anything', () => {
  const ok = { purpose: 'cover-image', file: `${ID}.jpg`, format: 'webp', preset: 'w640' };
  it('takes a listed preset, format, purpose and file', () => {
    expect(parseAddress(ok)).toMatchObject({ key: JPG, id: ID.toUpperCase(), format: 'webp', segment: 'w640' });
    expect(parseAddress({ ...ok, preset: '4x3-400@0-100' })).toMatchObject({ focal: { x: 0, y: 100 } });
    expect(parseAddress({ ...ok, format: 'jpeg' })).toBeDefined();
    expect(parseAddress({ ...ok, file: `${ID}.png`, format: 'png' })).toBeDefined();
  });
  it('refuses the rest', () => {
    for (const bad of [
      { ...ok, preset: 'w641' },
      { ...ok, format: 'gif' },
      // One fallback per file: PNG for a PNG, JPEG for the rest.
      { ...ok, format: 'png' },
      { ...ok, file: `${ID}.png`, format: 'jpeg' },
      { ...ok, purpose: 'nope' },
      { ...ok, purpose: 'video' === ok.purpose ? 'x' : '__proto__' },
      { ...ok, file: `${ID}.svg` },
      { ...ok, file: `${ID}.pdf` },
      { ...ok, file: `${ID.toUpperCase()}.jpg` },
      { ...ok, file: 'short.jpg' },
      { ...ok, file: `${'u'.repeat(26)}.jpg` },
      {},
    ]) {
      expect(parseAddress(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe('where a crop is cut', () => {
  const crop = preset('16x9-800');
  const square = preset('1x1-400');

  it('keeps the focal point at the centre of the box when the edges allow', () => {
    const box = cropBox(4000, 4000, crop, { x: 0.5, y: 0.5 });
    expect(box).toMatchObject({ left: 0, width: 4000, height: 2250, top: 875 });
    expect(box.out).toEqual({ width: 800, height: 450 });
  });

  it('clamps at the edges: a focal point in a corner gives the box in that corner', () => {
    expect(cropBox(4000, 3000, square, { x: 0, y: 0 })).toMatchObject({ left: 0, top: 0, width: 3000, height: 3000 });
    expect(cropBox(4000, 3000, square, { x: 1, y: 1 })).toMatchObject({ left: 1000, top: 0, width: 3000 });
    expect(cropBox(3000, 4000, square, { x: 1, y: 1 })).toMatchObject({ left: 0, top: 1000, height: 3000 });
    expect(cropBox(3000, 4000, square, { x: 0, y: 0 })).toMatchObject({ left: 0, top: 0 });
    expect(cropBox(3000, 4000, square, { x: 0.5, y: 0.1 })).toMatchObject({ top: 0 });
    expect(cropBox(3000, 4000, square, { x: 0.5, y: 0.9 })).toMatchObject({ top: 1000 });
  });

  it('stays inside the picture and keeps the ratio, for any focal point and size', () => {
    for (const [w, h] of [
      [6000, 4000],
      [4000, 6000],
      [801, 451],
      [100, 100],
      [1, 1],
      [16383, 3],
      [3, 16383],
    ] as const) {
      for (const preset of PRESETS) {
        for (const focal of [CENTRE, { x: 0, y: 0 }, { x: 1, y: 1 }, { x: 0.13, y: 0.87 }]) {
          const box = cropBox(w, h, preset, focal);
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.top).toBeGreaterThanOrEqual(0);
          expect(box.left + box.width).toBeLessThanOrEqual(w);
          expect(box.top + box.height).toBeLessThanOrEqual(h);
          // Never enlarged.
          expect(box.out.width).toBeLessThanOrEqual(Math.max(box.width, 1));
          expect(box.out.width).toBeLessThanOrEqual(preset.width);
          expect(box.out.height).toBeGreaterThanOrEqual(1);
          if (preset.height !== undefined && box.out.width >= 50) {
            expect(Math.abs(box.out.width / box.out.height - preset.width / preset.height)).toBeLessThan(0.05);
          }
        }
      }
    }
  });

  it('never makes a small picture bigger', () => {
    expect(cropBox(300, 200, preset('w1600')).out).toEqual({ width: 300, height: 200 });
    expect(cropBox(300, 200, crop).out).toEqual({ width: 300, height: 169 });
    expect(cropBox(300, 200, preset('social')).out.width).toBe(300);
  });

  it('lists a picture’s renditions up to its own width', () => {
    const refs = renditionsOf(JPG, 'image/jpeg', { width: 1000, height: 500 });
    expect(refs.filter((r) => r.preset.startsWith('w')).map((r) => r.width)).toEqual([320, 400, 640, 800, 1000]);
    expect(renditionsOf(JPG, 'image/svg+xml', { width: 1000, height: 500 })).toEqual([]);
  });
});

describe('where renditions are stored', () => {
  it('keeps everything of one file under one prefix, and knows each one’s viewer address', () => {
    const objectKey = renditionObjectKey(JPG, 'webp', '16x9-800@30-60');
    expect(objectKey).toBe(`media/r/${JPG}/webp/16x9-800@30-60`);
    expect(objectKey.startsWith(renditionsPrefix(JPG))).toBe(true);
    expect(renditionViewerPath(objectKey)).toBe(`/media/r/16x9-800@30-60/${JPG}`);
    expect(renditionPurgePaths(objectKey)).toEqual([`/media/r/16x9-800@30-60/${JPG}`, `/${objectKey}`]);
    expect(renditionViewerPath(`media/${JPG}`)).toBeUndefined();
  });
});

describe('the render Lambda reads the asset record the asset Lambda writes', () => {
  it('by the same key', async () => {
    const { assetKey } = await import('../../functions/asset/keys');
    const { entityKey } = await import('../../functions/lib/db/entity-keys');
    expect(entityKey('ASSET', 'X')).toEqual(assetKey('X'));
  });
});

describe('the render route’s answer', () => {
  const address = parseAddress({ purpose: 'cover-image', file: `${ID}.jpg`, format: 'webp', preset: '16x9-800@30-60' });
  if (!address) throw new Error('address');

  it('is the bytes, a year immutable, varying by Accept', () => {
    const out = renditionAnswer(new Uint8Array(10), address);
    expect(out.status).toBe(200);
    expect(out.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept',
      'content-length': '10',
    });
  });

  it('is an uncached redirect to its own address when too large for a Lambda’s answer', () => {
    const out = renditionAnswer(new Uint8Array(MAX_INLINE_BYTES + 1), address);
    expect(out).toMatchObject({
      status: 307,
      headers: { location: `/media/r/16x9-800@30-60/${JPG}`, 'cache-control': 'no-store' },
    });
    expect(out.body.byteLength).toBe(0);
  });
});
