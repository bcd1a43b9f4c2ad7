import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_PART_SIZE } from '../../shared/constants';
import { EDITOR_IMAGE_UPLOAD_FAILED, uploadEditorImage } from '../../web/src/upload/editor-image';
import {
  acceptFor,
  contentTypeOf,
  isPreviewable,
  limitsText,
  partSizeFor,
  rejectionFor,
  uploadName,
} from '../../web/src/upload/rules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('upload rules (checked in the browser before an upload starts)', () => {
  it('refuses a file of the wrong type with the API text', () => {
    expect(rejectionFor(file('report.pdf', 'application/pdf'), 'site-logo')).toBe(
      'Wrong file type: PNG, JPG, WEBP, SVG only',
    );
    expect(rejectionFor(file('banner.webp', 'image/webp'), 'ad-image')).toBe('Wrong file type: PNG, JPG only');
    expect(rejectionFor(file('anim.gif', 'image/gif'), 'cover-image')).toBe(
      'Wrong file type: PNG, JPG, WEBP, SVG only',
    );
  });

  it('refuses a file over the purpose limit with the API text', () => {
    expect(rejectionFor({ name: 'photo.png', type: 'image/png', size: 3 * MB + 1 }, 'site-logo')).toBe(
      'Too large: at most 3 MB',
    );
    expect(rejectionFor({ name: 'edition.pdf', type: 'application/pdf', size: 31 * MB }, 'epaper-pdf')).toBe(
      'Too large: at most 30 MB',
    );
    expect(rejectionFor({ name: 'clip.mp4', type: 'video/mp4', size: 1025 * MB }, 'video')).toBe(
      'Too large: at most 1 GB',
    );
  });

  it('accepts a file within the rules, and refuses an empty one', () => {
    expect(rejectionFor({ name: 'logo.png', type: 'image/png', size: 3 * MB }, 'site-logo')).toBeNull();
    expect(rejectionFor(file('logo.png', 'image/png', 0), 'site-logo')).toBe('The file is empty');
  });

  it('takes the type from the extension when the browser gives none', () => {
    expect(contentTypeOf({ name: 'icon.SVG', type: '' })).toBe('image/svg+xml');
    expect(contentTypeOf({ name: 'photo.jpeg', type: '' })).toBe('image/jpeg');
    expect(contentTypeOf({ name: 'photo.jpg', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(contentTypeOf({ name: 'notes.txt', type: 'text/plain' })).toBeUndefined();
    expect(rejectionFor(file('icon.webp', ''), 'site-favicon')).toBeNull();
  });

  it('lists what the picker accepts and says the limits', () => {
    expect(acceptFor('ad-image')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
    expect(limitsText('site-logo')).toBe('PNG, JPG, WEBP, SVG · up to 3 MB');
  });

  it('previews png, jpg, jpeg, gif, webp and svg only', () => {
    for (const name of ['a.png', 'a.JPG', 'a.jpeg', 'a.gif', 'a.webp', 'a.svg', '/media/site-logo/01abc.png?v=1']) {
      expect(isPreviewable(name), name).toBe(true);
    }
    for (const name of ['a.pdf', 'a.mp4', 'a', '/media/x.png.pdf']) expect(isPreviewable(name), name).toBe(false);
  });

  it('cuts multipart uploads as the API plans them', () => {
    expect(partSizeFor(150 * MB)).toBe(MIN_PART_SIZE);
    expect(partSizeFor(1024 * MB)).toBe(MIN_PART_SIZE);
    // Past 10,000 parts of the minimum size, parts grow in whole MB.
    expect(partSizeFor(200_000 * MB)).toBe(20 * MB);
  });

  it('keeps names within the API limit, extension included', () => {
    expect(uploadName(' logo.png ')).toBe('logo.png');
    const long = `${'a'.repeat(300)}.png`;
    expect(uploadName(long)).toHaveLength(255);
    expect(uploadName(long).endsWith('.png')).toBe(true);
  });
});

describe('editor image upload (Editor.js image tool uploader)', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  let fetchMock: ReturnType<typeof vi.fn>;
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit)?.method ?? 'GET'} ${url}`);

  beforeEach(() => {
    fetchMock = vi.fn();
    const items = new Map<string, string>([['token', 'tok']]);
    vi.stubGlobal('window', {
      localStorage: { getItem: (k: string) => items.get(k) ?? null, setItem: () => {}, removeItem: () => {} },
      location: { reload: vi.fn() },
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const started = {
    data: {
      _id: '01J0000000000000000000000A',
      key: 'editor-image/01j0000000000000000000000a.png',
      upload: { method: 'PUT', url: 'https://bucket.example/put?sig=1', headers: { 'content-type': 'image/png' } },
    },
  };

  it('uploads one image and answers in the image tool shape', async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, started))
      .mockResolvedValueOnce(new Response(null, { status: 200, headers: { ETag: '"x"' } }))
      .mockResolvedValueOnce(
        json(200, {
          data: { _id: started.data._id, key: started.data.key, name: 'a.png', url: `/media/${started.data.key}` },
        }),
      );

    await expect(uploadEditorImage([file('a.png', 'image/png', 100)])).resolves.toEqual({
      success: 1,
      file: { url: '/media/editor-image/01j0000000000000000000000a.png' },
    });
    expect(calls()).toEqual([
      'POST /api/asset/upload',
      'PUT https://bucket.example/put?sig=1',
      `POST /api/asset/${started.data._id}/complete`,
    ]);
    const [, startInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(startInit.body))).toEqual({
      name: 'a.png',
      contentType: 'image/png',
      size: 100,
      purpose: 'editor-image',
    });
    expect((startInit.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    const [, putInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(putInit.headers).toEqual({ 'content-type': 'image/png' });
  });

  it('refuses several images at once without calling the API', async () => {
    const twoImages = [file('a.png', 'image/png'), file('b.png', 'image/png')];
    await expect(uploadEditorImage(twoImages)).rejects.toThrow(EDITOR_IMAGE_UPLOAD_FAILED);
    await expect(uploadEditorImage([])).rejects.toThrow(EDITOR_IMAGE_UPLOAD_FAILED);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a wrong type or an oversized image without calling the API', async () => {
    await expect(uploadEditorImage([file('a.svg', 'image/svg+xml')])).rejects.toThrow(EDITOR_IMAGE_UPLOAD_FAILED);
    await expect(uploadEditorImage([file('a.png', 'image/png', 3 * MB + 1)])).rejects.toThrow(
      EDITOR_IMAGE_UPLOAD_FAILED,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives the same message when the API rejects the file after upload, with the reason as cause', async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, started))
      .mockResolvedValueOnce(new Response(null, { status: 200 }))
      .mockResolvedValueOnce(
        json(400, { message: { msg: 'UploadRejected: Failed verification: the content is PDF, not PNG' } }),
      );

    const failure = await uploadEditorImage([file('a.png', 'image/png')]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(EDITOR_IMAGE_UPLOAD_FAILED);
    expect(((failure as Error).cause as Error).message).toBe('Failed verification: the content is PDF, not PNG');
    // The API deleted the rejected file itself: nothing to abort.
    expect(calls()).not.toContain(`DELETE /api/asset/${started.data._id}/upload`);
  });

  it('aborts the pending upload when the bytes do not arrive', async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, started))
      .mockResolvedValueOnce(new Response('<Error>SignatureDoesNotMatch</Error>', { status: 403 }))
      .mockResolvedValueOnce(json(200, { data: { _id: started.data._id, status: 'aborted' } }));

    await expect(uploadEditorImage([file('a.png', 'image/png')])).rejects.toThrow(EDITOR_IMAGE_UPLOAD_FAILED);
    expect(calls()).toEqual([
      'POST /api/asset/upload',
      'PUT https://bucket.example/put?sig=1',
      `DELETE /api/asset/${started.data._id}/upload`,
    ]);
  });

  it('gives the same message when the API refuses to start', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { message: { msg: 'ValidationError: Too large: at most 3 MB' } }));
    await expect(uploadEditorImage([file('a.png', 'image/png')])).rejects.toThrow(EDITOR_IMAGE_UPLOAD_FAILED);
  });
});
