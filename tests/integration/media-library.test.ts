/**
 * The media library (functions/README.md, "Media library"): the list with its search, filters and cursor pages;
 * what staff edit of a file; "Used in", kept from the table's stream through edits, the trash and its restore;
 * Remove refused while a file is used, and the removal's grace period against a racing save; covers and alt text;
 * the staff-only original.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { COVER_ALT_MESSAGE } from '../../functions/article/fields';
import { coversWithoutAlt } from '../../functions/asset/library';
import { type AssetRecord, coverClaim, getAsset, replaceAsset } from '../../functions/asset/model';
import { storedUses } from '../../functions/asset/uses';
import { clock } from '../../functions/lib/clock';
import { db, tableName } from '../../functions/lib/db/client';
import { transact } from '../../functions/lib/db/records';
import { newId } from '../../functions/lib/ids';
import { sweepRemovedMedia } from '../../functions/media-sweeper/handler';
import { handler as mediaUses } from '../../functions/media-uses/handler';
import { attachMeter } from '../../infra/bench/dynamo-meter';
import { MEDIA_LIBRARY } from '../../shared/constants';
import type { ArticleDetail } from '../../shared/schemas/article-record';
import type { AssetPage, AssetUse, AssetView, CoversWithoutAlt } from '../../shared/schemas/asset';
import { PLANTED, photoJpeg, plantedIn } from '../fixtures/pictures';
import { png } from '../fixtures/png';
import { actorWith, articleFields, createArticle, createCategory, dataOf, paragraph, saveArticle } from './factories';
import {
  apiUrl,
  call,
  deleteFromTrash,
  errorText,
  moveToTrash,
  restoreFromTrash,
  rootSession,
  uniqueWord,
  uploadFile,
} from './helpers';
import { streamRecord } from './stream-records';

let token: string;
let userId: string;
let category: string;
beforeAll(async () => {
  ({ token, id: userId } = await rootSession());
  category = (await createCategory(token))._id;
});

const asset = async (id: string, as = token) => dataOf(call<AssetView>('GET', `/asset/${id}`, { token: as }), 'asset');
const uses = async (id: string) =>
  (await dataOf(call<{ uses: AssetUse[] }>('GET', `/asset/${id}/uses`, { token }), 'uses')).uses;
const library = async (query: string) => dataOf(call<AssetPage>('GET', `/asset?${query}`, { token }), 'library');
const edit = (id: string, body: Record<string, unknown>, as = token) =>
  call<AssetView>('PATCH', `/asset/${id}`, { token: as, body });

/** Waits for the stream to bring a file's uses to what `ok` accepts (the consumer runs within a second or two). */
async function usesWhen(id: string, ok: (found: AssetUse[]) => boolean, what: string): Promise<AssetUse[]> {
  const deadline = Date.now() + 20_000;
  let found: AssetUse[] = [];
  while (Date.now() < deadline) {
    found = await uses(id);
    if (ok(found)) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`uses never became ${what}: ${JSON.stringify(found)} ${JSON.stringify(await storedUses(id))}`);
}

const picture = (name: string, colour: [number, number, number] = [30, 90, 160]) => ({
  name,
  contentType: 'image/png',
  bytes: png(40, 30, colour),
});

describe('the library list', () => {
  it('searches name, alt text, caption and credit; filters by kind and uploader; pages by cursor', async () => {
    const word = uniqueWord('harbour');
    const named = await uploadFile(token, 'gallery-image', picture(`${word}-boats.png`));
    const captioned = await uploadFile(token, 'cover-image', picture('plain.png'));
    const described = await asset(captioned);
    expect((await edit(captioned, { caption: `Fishing ${word} at dawn`, version: described.version })).status).toBe(
      200,
    );
    const { user, token: other } = await actorWith({ Asset: ['Read', 'Write'] });
    const theirs = await uploadFile(other, 'cover-image', picture(`${word}-theirs.png`));

    const found = await library(`q=${word.toUpperCase()}`);
    expect(found.list.map((a) => a._id).sort()).toEqual([named, captioned, theirs].sort());
    const first = found.list.find((a) => a._id === named);
    expect(first).toMatchObject({ kind: 'image', width: 40, height: 30, uploader: { _id: userId } });
    expect(first?.renditions.map((r) => r.preset)).toContain('w320');

    expect((await library(`q=${word}&uploader=${user._id}`)).list.map((a) => a._id)).toEqual([theirs]);
    expect((await library(`q=${word}&kind=pdf`)).list).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await library(`q=${word}&from=${encodeURIComponent(future)}`)).list).toEqual([]);

    // Pages of one by cursor: each file once, newest first, then no next.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await library(`q=${word}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.list.map((a) => a._id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(found.list.map((a) => a._id));
  });

  it('refuses bad queries with 400 and readers without Read on Asset with 403', async () => {
    expect((await call('GET', '/asset?kind=spreadsheet', { token })).status).toBe(400);
    expect((await call('GET', '/asset?cursor=not%20a%20cursor', { token })).status).toBe(400);
    expect((await call('GET', '/asset?cursor=bm90LWEta2V5', { token })).status).toBe(400);
    expect((await call('GET', `/asset?q=${'x'.repeat(MEDIA_LIBRARY.maxQueryLength + 1)}`, { token })).status).toBe(400);
    const { token: writer } = await actorWith({ Cms: ['Read', 'Write'] });
    expect((await call('GET', '/asset', { token: writer })).status).toBe(403);
  });
});

describe('editing a file', () => {
  it('keeps alt text, caption, credit and focal point at a version; 409 when stale; only its uploader or Edit', async () => {
    const id = await uploadFile(token, 'cover-image', picture('focal.png'));
    const before = await asset(id);
    expect(before.focal).toEqual({ x: 0.5, y: 0.5 });
    // The file panel's "Uploaded by".
    expect(before.uploader).toEqual({ _id: userId, name: expect.any(String) });
    expect(before.uploader?.name).not.toBe('');
    const saved = await dataOf(
      edit(id, { alt: 'दो नावें', credit: 'Staff', focal: { x: 0.234, y: 0.9 }, version: before.version }),
      'edit',
    );
    expect(saved).toMatchObject({ alt: 'दो नावें', credit: 'Staff', focal: { x: 0.23, y: 0.9 } });
    // The crops' addresses follow the focal point; the widths' do not.
    expect(saved.renditions.find((r) => r.preset === '16x9-400')?.url).toContain('@23-90/');
    expect((await edit(id, { alt: 'Stale', version: before.version })).status).toBe(409);
    expect((await edit(id, { focal: { x: 2, y: 0 }, version: saved.version })).status).toBe(400);

    const { token: stranger } = await actorWith({ Cms: ['Read', 'Write'] });
    expect((await edit(id, { alt: 'Mine now', version: saved.version }, stranger)).status).toBe(403);
    // The file decides before the body is read: a stranger's malformed body is refused as the stranger, not the body.
    expect((await edit(id, { focal: 'middle' }, stranger)).status).toBe(403);
    expect((await call('POST', `/asset/${id}/complete`, { token: stranger, body: { parts: 'x' } })).status).toBe(403);
    expect((await call('POST', `/asset/${id}/parts`, { token: stranger, body: {} })).status).toBe(403);
    expect((await edit(id, { focal: 'middle' })).status).toBe(400);
    const pdf = await uploadFile(token, 'epaper-pdf', {
      name: 'e.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 32)]),
    });
    const pdfView = await asset(pdf);
    expect(pdfView.renditions).toEqual([]);
    expect(errorText(await edit(pdf, { focal: { x: 0.1, y: 0.1 }, version: pdfView.version }))).toContain(
      'focal point',
    );
  });
});

describe('Used in, and Remove', () => {
  it('follows an article through edits, the trash, its restore and its deletion; Remove is refused while used', async () => {
    const cover = await uploadFile(token, 'cover-image', picture('cover.png'));
    const inBody = await uploadFile(token, 'editor-image', picture('inline.png', [200, 200, 20]));
    const inline = await asset(inBody);
    // A new cover needs alt text: the article's own or the picture's.
    const fields = articleFields({ categories: [category], user: userId }, { image: cover });
    expect(errorText(await call('POST', '/cms/create', { token, body: { action: 'save', ...fields } }))).toContain(
      COVER_ALT_MESSAGE,
    );
    const title = `Uses ${uniqueWord('story')}`;
    const article = await createArticle(token, {
      ...fields,
      title,
      imageAlt: 'A cover',
      body: [
        {
          title: '',
          body: {
            blocks: [
              ...paragraph('Text.').blocks,
              // A list's empty `meta` maps: DynamoDB Local's stream spells them `{}`, which the local stream mends.
              {
                type: 'list',
                data: { style: 'unordered', meta: {}, items: [{ content: 'One', meta: {}, items: [] }] },
              },
              { type: 'image', data: { file: { url: inline.url }, caption: '', withBorder: false } },
            ],
          },
        },
      ],
    });
    const used = await usesWhen(cover, (u) => u.length === 1, 'one article');
    expect(used).toEqual([{ kind: 'article', id: article._id, title, field: 'cover' }]);
    await usesWhen(inBody, (u) => u.some((x) => x.field === 'body'), 'the body image');

    const refused = await call('DELETE', `/asset/${cover}`, { token });
    expect(refused.status).toBe(409);
    expect(errorText(refused)).toContain(`article “${title}” (cover)`);

    // The trash keeps the use (a restore needs the file), marked; the restore clears the mark.
    await moveToTrash('/cms', article._id, token);
    await usesWhen(cover, (u) => u[0]?.trashed === true, 'in the trash');
    // Once the stream has moved the use to the trashed copy (the live row's use is deleted only after that copy's
    // is put, so the file is never without a use in between).
    await expect
      .poll(async () => (await storedUses(cover)).map((u) => u.source), { timeout: 20_000 })
      .toEqual([`CMS#${article._id}|TRASH`]);
    expect((await call('DELETE', `/asset/${cover}`, { token })).status).toBe(409);
    await restoreFromTrash('/cms', article._id, token);
    await usesWhen(cover, (u) => u.length === 1 && !u[0]?.trashed, 'restored');

    // An edit that drops the cover drops the use; the file can then be removed.
    const current = await dataOf(
      call<{ _id: string; version: number }>('GET', `/cms/detail/${article._id}`, { token }),
      'a',
    );
    // Published without it (a draft of changes alone would keep the live cover in use).
    await saveArticle(token, current, { ...fields, title, image: null, imageAlt: '' }, 'publish');
    await usesWhen(cover, (u) => u.length === 0, 'none');
    expect(await dataOf(call('DELETE', `/asset/${cover}`, { token }), 'remove')).toEqual({
      _id: cover,
      status: 'removed',
    });
    expect((await library(`q=cover.png`)).list.map((a) => a._id)).not.toContain(cover);
    // A removed file can no longer be chosen.
    const again = await dataOf(
      call<{ _id: string; version: number }>('GET', `/cms/detail/${article._id}`, { token }),
      'a',
    );
    expect(
      errorText(
        await call('PATCH', `/cms/${article._id}`, {
          token,
          body: { version: again.version, action: 'save', ...fields, imageAlt: 'x', title },
        }),
      ),
    ).toMatch(/missing or not verified|being edited/);

    // Deleted for good: its uses go with it.
    await moveToTrash('/cms', article._id, token);
    await deleteFromTrash('/cms', article._id, token);
    await usesWhen(inBody, (u) => u.length === 0, 'none after the purge');
  });

  it('moves a use to the trashed copy putting before deleting, so the file is never without a use between', async () => {
    const file = await uploadFile(token, 'cover-image', picture('moved-to-trash.png', [10, 60, 90]));
    const keys = (sk: string) => ({ pk: `CMS#${newId()}`, sk });
    const live = keys('CMS');
    const trashed = { pk: live.pk, sk: 'TRASH' };
    const row = { image: file, title: 'Moved' };
    expect(await mediaUses({ Records: [streamRecord('INSERT', live, undefined, row)] })).toEqual({
      batchItemFailures: [],
    });
    const client = db();
    const send = client.send.bind(client);
    const writes: string[] = [];
    client.send = ((command: { constructor: { name: string } }) => {
      writes.push(command.constructor.name);
      return send(command as never);
    }) as typeof client.send;
    try {
      // As the trash writes it: the live row removed, then its trashed copy inserted, in one batch.
      const moved = {
        Records: [
          streamRecord('REMOVE', live, row, undefined),
          streamRecord('INSERT', trashed, undefined, { record: row }),
        ],
      };
      expect(await mediaUses(moved)).toEqual({ batchItemFailures: [] });
    } finally {
      client.send = send;
    }
    expect(writes.filter((w) => w === 'PutCommand' || w === 'DeleteCommand')).toEqual(['PutCommand', 'DeleteCommand']);
    expect((await storedUses(file)).map((u) => u.source)).toEqual([`${trashed.pk}|TRASH`]);
  });

  it('deletes a removed file after the grace period, or puts it back when a racing save came to use it', async () => {
    const gone = await uploadFile(token, 'category-image', picture('gone.png'));
    const raced = await uploadFile(token, 'category-image', picture('raced.png'));
    expect((await call('DELETE', `/asset/${gone}`, { token })).status).toBe(200);
    expect((await call('DELETE', `/asset/${raced}`, { token })).status).toBe(200);
    // A save that read `raced` before its removal lands afterwards: the stream notes its use.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: `CATEGORY#RACE${Date.now()}`, sk: 'CATEGORY', _id: 'RACE', name: 'Raced', image: raced },
      }),
    );
    const deadline = Date.now() + 20_000;
    while ((await storedUses(raced)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 150));

    const early = await sweepRemovedMedia(clock.iso());
    expect(early).toEqual({ removed: 0, restored: 0 });
    const later = new Date(Date.now() + (MEDIA_LIBRARY.removalGraceSeconds + 1) * 1000).toISOString();
    const swept = await sweepRemovedMedia(later);
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect(await getAsset(gone)).toBeUndefined();
    expect((await getAsset(raced))?.status).toBe('verified');
  });
});

describe('covers without alt text, and the original', () => {
  it('lists covers whose picture has no alt text until it gets one; clearing it is refused while a cover', async () => {
    const cover = await uploadFile(token, 'cover-image', picture('no-alt.png'));
    const title = `Own alt ${uniqueWord('cover')}`;
    const article = await createArticle(
      token,
      articleFields(
        { categories: [category], user: userId },
        { title, image: cover, imageAlt: 'Alt of the article only' },
      ),
    );
    await usesWhen(cover, (u) => u.length === 1, 'the cover');
    const needsAlt = async () =>
      (await dataOf(call<CoversWithoutAlt>('GET', '/asset/needs-alt', { token }), 'needs-alt')).list;
    const listed = async () => (await needsAlt()).map((a) => a._id);
    expect((await needsAlt()).find((a) => a._id === cover)?.uses).toEqual([
      { kind: 'article', id: article._id, title, field: 'cover' },
    ]);
    // However many files it lists, the list costs the same few requests: its index items are the uses.
    const other = await uploadFile(token, 'cover-image', picture('no-alt-2.png', [10, 120, 40]));
    await createArticle(
      token,
      articleFields({ categories: [category], user: userId }, { image: other, imageAlt: 'Its own alt text' }),
    );
    await usesWhen(other, (u) => u.length === 1, 'the second cover');
    const meter = attachMeter(db());
    try {
      const { reading, result } = await meter.measure(() => coversWithoutAlt());
      expect(result.list.map((a) => a._id)).toEqual(expect.arrayContaining([cover, other]));
      // The listing's Query, then one BatchGet each of the files, their uploaders and the records' titles.
      expect(reading.requests, JSON.stringify(reading.byCommand)).toBeLessThanOrEqual(4);
    } finally {
      meter.detach();
    }
    const view = await asset(cover);
    const named = await dataOf(edit(cover, { alt: 'A lighthouse', version: view.version }), 'alt');
    expect(await listed()).not.toContain(cover);
    expect(errorText(await edit(cover, { alt: '', version: named.version }))).toContain('not emptied');
  });

  it("keeps a cover's borrowed alt text from being emptied, however far behind the stream is", async () => {
    const cover = await uploadFile(token, 'cover-image', picture('borrowed-alt.png', [90, 30, 60]));
    const named = await dataOf(edit(cover, { alt: 'A harbour at dusk', version: (await asset(cover)).version }), 'alt');
    // No alt text of its own: the article's cover borrows the picture's, and its save claims the picture.
    const fields = articleFields({ categories: [category], user: userId }, { image: cover });
    const article = await createArticle(token, fields);
    await usesWhen(cover, (u) => u.length === 1, 'the cover');
    // A stream that has not yet listed the use, as right after the save: its items removed.
    for (const use of await storedUses(cover)) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: `ASSETUSE#${cover}`, sk: use.source } }));
    }
    expect(await storedUses(cover)).toEqual([]);
    expect(errorText(await edit(cover, { alt: '', version: named.version }))).toContain('not emptied');

    // An edit that read the file before a claim landed loses: its write wants the claims it read.
    const before = (await getAsset(cover)) as AssetRecord;
    const current = await dataOf(call<ArticleDetail>('GET', `/cms/detail/${article._id}`, { token }), 'a');
    await saveArticle(token, current, { ...fields, image: null }, 'publish');
    const second = await createArticle(token, { ...fields, title: `Second ${uniqueWord('cover')}` });
    await expect(
      replaceAsset(before, { ...before, alt: undefined, version: before.version + 1 }, 'stale claims'),
    ).rejects.toThrow('stale claims');

    // Once no claimed item holds it (the second article drops it too), the alt text may go, and the claims with it.
    const secondNow = await dataOf(call<ArticleDetail>('GET', `/cms/detail/${second._id}`, { token }), 'b');
    await saveArticle(token, secondNow, { ...fields, image: null }, 'publish');
    await usesWhen(cover, (u) => u.length === 0, 'none');
    const emptied = await dataOf(edit(cover, { alt: '', version: named.version }), 'emptied');
    expect(emptied.alt).toBeUndefined();
    expect((await getAsset(cover))?.coverClaims).toBeUndefined();
    // And a save that borrows alt text the picture no longer has is refused in its own transaction.
    await expect(transact([coverClaim(cover, { pk: `CMS#${second._id}`, sk: 'CMS' })])).rejects.toThrow();
    expect(errorText(await call('POST', '/cms/create', { token, body: { action: 'save', ...fields } }))).toContain(
      COVER_ALT_MESSAGE,
    );
  });

  it('serves the picture cleaned and gives staff the untouched original, EXIF and all', async () => {
    const photo = await photoJpeg(800, 600, { orientation: 6 });
    // A newsroom's file names are often not ASCII: the download must still work, and keep the name.
    const name = `रैली "मंच" reporter's camera.jpg`;
    const id = await uploadFile(token, 'cover-image', { name, contentType: 'image/jpeg', bytes: photo });
    const view = await asset(id);
    // Orientation 6 turns it: 600 wide, 800 high.
    expect({ width: view.width, height: view.height }).toEqual({ width: 600, height: 800 });
    const served = Buffer.from(await (await fetch(`${apiUrl.replace(/\/api$/, '')}${view.url}`)).arrayBuffer());
    expect(plantedIn(served)).toEqual([]);
    const original = await dataOf(call<{ url: string }>('GET', `/asset/${id}/original`, { token }), 'original');
    const download = await fetch(original.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="_ ___ reporter's camera.jpg"; filename*=UTF-8''${encodeURIComponent(name).replace("'", '%27')}`,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(photo)).toBe(true);
    expect(plantedIn(bytes)).toContain(PLANTED.serial);
    const { token: stranger } = await actorWith({ Cms: ['Read', 'Write'] });
    expect((await call('GET', `/asset/${id}/original`, { token: stranger })).status).toBe(403);
  });
});
