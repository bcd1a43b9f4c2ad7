/**
 * Content API keys: made with a name and shown once, listed without secret or hash, revoked for good, checked by
 * the id they carry and their hash; managing them needs Edit on Site Management, refused before the body is read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkContentKey } from '../../functions/content-key/check';
import { contentKeyModel } from '../../functions/content-key/model';
import { clock, setClock } from '../../functions/lib/clock';
import { getRecord } from '../../functions/lib/db/records';
import { actorWith, callRoute, dataOf } from './factories';
import { admin, errorText, login } from './helpers';

let token: string;

beforeAll(async () => {
  token = await login(admin.email, admin.password);
});

const make = (name: string, as = token) =>
  callRoute('POST /site-management/content-keys', { token: as, body: { name } });

describe('content API keys', () => {
  it('are shown whole once, and stored only as their hash', async () => {
    const created = await dataOf(make('Reader site'), 'make a key');
    expect(created.key).toMatch(/^apk_[0-9A-Z]{26}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.hint)).toBe(true);
    expect(created).toMatchObject({ name: 'Reader site', lastUsedAt: null, revokedAt: null });

    const stored = await getRecord<Record<string, unknown>>(contentKeyModel.key(created._id), true);
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(-43));
    expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await dataOf(callRoute('GET /site-management/content-keys', { token }), 'list keys');
    const listed = list.list.find((k) => k._id === created._id);
    expect(listed).toMatchObject({ name: 'Reader site', hint: created.hint });
    expect(JSON.stringify(list)).not.toContain(created.key.slice(-43));
    expect(JSON.stringify(list)).not.toContain(String(stored?.hash));
  });

  it('check: a live key passes and notes its use; a wrong, tampered or revoked one does not', async () => {
    const { key, _id } = await dataOf(make('Checked'), 'make a key');
    expect(await checkContentKey(key)).toMatchObject({ _id, name: 'Checked' });
    const used = await contentKeyModel.get(_id, true);
    expect(used?.lastUsedAt).toEqual(expect.any(String));

    // Within the minute the use is not written again; after it, it is.
    const first = used?.lastUsedAt;
    await checkContentKey(key);
    expect((await contentKeyModel.get(_id, true))?.lastUsedAt).toBe(first);
    const later = clock.now() + 61_000;
    setClock(() => later);
    try {
      await checkContentKey(key);
    } finally {
      setClock(undefined);
    }
    expect((await contentKeyModel.get(_id, true))?.lastUsedAt).toBe(new Date(later).toISOString());

    const last = key.at(-1) === 'A' ? 'B' : 'A';
    for (const wrong of [`${key.slice(0, -1)}${last}`, key.replace('apk_', 'apx_'), `${key}x`, '', 'apk_x_y']) {
      expect(await checkContentKey(wrong)).toBeUndefined();
    }
    const other = await dataOf(make('Other'), 'make a key');
    // Another key's secret under this key's id.
    expect(await checkContentKey(`apk_${_id}_${other.key.slice(-43)}`)).toBeUndefined();

    const revoked = await dataOf(
      callRoute('POST /site-management/content-keys/{id}/revoke', { token, params: { id: _id } }),
      'revoke',
    );
    expect(revoked.revokedAt).toEqual(expect.any(String));
    expect(revoked.revokedBy?.name).toBeTruthy();
    expect(await checkContentKey(key)).toBeUndefined();
    const again = await callRoute('POST /site-management/content-keys/{id}/revoke', { token, params: { id: _id } });
    expect([again.status, errorText(again)]).toEqual([409, 'Conflict: This key is revoked already']);
  });

  it('refuse what is not a name, and an unknown key', async () => {
    for (const name of ['', '   ', 'x'.repeat(81)]) expect((await make(name)).status).toBe(400);
    const missing = await callRoute('POST /site-management/content-keys/{id}/revoke', {
      token,
      params: { id: '01J0000000000000000000000Z' },
    });
    expect(missing.status).toBe(404);
  });

  it('need Edit on Site Management: 403 before the body is read, nothing written', async () => {
    const reader = await actorWith({ Site: ['Read'] });
    const before = (await dataOf(callRoute('GET /site-management/content-keys', { token }), 'list')).total;
    const refused = await callRoute('POST /site-management/content-keys', {
      token: reader.token,
      body: { name: '' },
    });
    expect(refused.status).toBe(403);
    expect((await callRoute('GET /site-management/content-keys', { token: reader.token })).status).toBe(403);
    const after = (await dataOf(callRoute('GET /site-management/content-keys', { token }), 'list')).total;
    expect(after).toBe(before);
  });
});
