/**
 * The edge key store's sync (functions/edge-keys/sync.ts): what a batch of content-key stream records asks the
 * store to hold, and how the changes are made against a store whose writes are conditional on its ETag.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  applyKeyChanges,
  CONFLICT_ATTEMPTS,
  type EdgeKeyStore,
  type KeyChange,
  keyChangesOf,
} from '../../functions/edge-keys/sync';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const ID_A = '01J0AAAAAAAAAAAAAAAAAAAAAA';
const ID_B = '01J0BBBBBBBBBBBBBBBBBBBBBB';

let sequence = 100;
function record(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  id: string,
  image: { hash?: string; revokedAt?: string | null } = {},
  keys = { pk: `APIKEY#${id}`, sk: 'APIKEY' },
): DynamoDBRecord {
  const attribute = (value: unknown) => (value === null ? { NULL: true } : { S: String(value) });
  sequence += 1;
  return {
    eventName,
    dynamodb: {
      SequenceNumber: String(sequence),
      Keys: { pk: { S: keys.pk }, sk: { S: keys.sk } },
      ...(eventName === 'REMOVE'
        ? {}
        : {
            NewImage: {
              pk: { S: keys.pk },
              sk: { S: keys.sk },
              _id: { S: id },
              ...Object.fromEntries(Object.entries(image).map(([k, v]) => [k, attribute(v)])),
            },
          }),
    },
  } as DynamoDBRecord;
}

describe('keyChangesOf', () => {
  it('puts a live key, and removes a revoked or deleted one', () => {
    const made = record('INSERT', ID_A, { hash: HASH_A, revokedAt: null });
    const revoked = record('MODIFY', ID_B, { hash: HASH_B, revokedAt: '2026-11-28T10:00:00.000Z' });
    expect(keyChangesOf([made, revoked])).toEqual([
      { id: ID_A, hash: HASH_A, first: made.dynamodb?.SequenceNumber },
      { id: ID_B, hash: undefined, first: revoked.dynamodb?.SequenceNumber },
    ]);
    const removed = record('REMOVE', ID_A);
    expect(keyChangesOf([removed])).toEqual([{ id: ID_A, hash: undefined, first: removed.dynamodb?.SequenceNumber }]);
  });

  it('keeps each key’s last state, from the sequence number of its first record', () => {
    const made = record('INSERT', ID_A, { hash: HASH_A, revokedAt: null });
    const used = record('MODIFY', ID_A, { hash: HASH_A, revokedAt: null });
    const revoked = record('MODIFY', ID_A, { hash: HASH_A, revokedAt: '2026-11-28T10:00:00.000Z' });
    expect(keyChangesOf([made, used, revoked])).toEqual([
      { id: ID_A, hash: undefined, first: made.dynamodb?.SequenceNumber },
    ]);
  });

  it('ignores other items, and takes a hash that is not a SHA-256 as no live key', () => {
    const other = record('INSERT', ID_A, { hash: HASH_A }, { pk: `USER#${ID_A}`, sk: 'USER' });
    const counter = record('MODIFY', ID_A, {}, { pk: 'COUNT#APIKEY', sk: 'COUNT' });
    expect(keyChangesOf([other, counter])).toEqual([]);
    const odd = record('INSERT', ID_A, { hash: 'not-a-hash', revokedAt: null });
    expect(keyChangesOf([odd])).toEqual([{ id: ID_A, hash: undefined, first: odd.dynamodb?.SequenceNumber }]);
  });
});

/** A key value store whose writes need its current ETag, as CloudFront's does; `conflicts` writes lose a race first. */
function fakeStore(conflicts = 0) {
  const entries = new Map<string, string>();
  let version = 1;
  let raced = conflicts;
  const calls: string[] = [];
  const conflict = () => Object.assign(new Error('The ETag does not match'), { name: 'ConflictException' });
  const check = (ifMatch: string) => {
    if (raced > 0) {
      raced -= 1;
      version += 1;
      throw conflict();
    }
    if (ifMatch !== `E${version}`) throw conflict();
  };
  const store: EdgeKeyStore = {
    etag: async () => {
      calls.push('etag');
      return `E${version}`;
    },
    put: async (id, hash, ifMatch) => {
      calls.push(`put ${id}`);
      check(ifMatch);
      entries.set(id, hash);
      version += 1;
      return `E${version}`;
    },
    remove: async (id, ifMatch) => {
      calls.push(`remove ${id}`);
      check(ifMatch);
      if (!entries.delete(id)) return undefined;
      version += 1;
      return `E${version}`;
    },
  };
  return { store, entries, calls };
}

const change = (id: string, hash: string | undefined, first = '1'): KeyChange => ({ id, hash, first });

describe('applyKeyChanges', () => {
  it('makes each change on the ETag the last one returned: one read of the ETag for the batch', async () => {
    const { store, entries, calls } = fakeStore();
    expect(await applyKeyChanges(store, [change(ID_A, HASH_A), change(ID_B, HASH_B), change(ID_A, undefined)])).toEqual(
      {},
    );
    expect([...entries]).toEqual([[ID_B, HASH_B]]);
    expect(calls).toEqual(['etag', `put ${ID_A}`, `put ${ID_B}`, `remove ${ID_A}`]);
  });

  it('is idempotent: the same changes again leave the store as they found it, a missing key’s removal included', async () => {
    const { store, entries } = fakeStore();
    const batch = [change(ID_A, HASH_A), change(ID_B, undefined)];
    await applyKeyChanges(store, batch);
    await applyKeyChanges(store, batch);
    expect([...entries]).toEqual([[ID_A, HASH_A]]);
  });

  it('reads the ETag again and retries a write that lost a race', async () => {
    const { store, entries, calls } = fakeStore(2);
    expect(await applyKeyChanges(store, [change(ID_A, HASH_A)])).toEqual({});
    expect(entries.get(ID_A)).toBe(HASH_A);
    expect(calls).toEqual(['etag', `put ${ID_A}`, 'etag', `put ${ID_A}`, 'etag', `put ${ID_A}`]);
  });

  it('gives up on a change after its conflict retries, leaving it and what follows undone', async () => {
    const { store, entries } = fakeStore(CONFLICT_ATTEMPTS);
    const first = change(ID_A, HASH_A, '7');
    const result = await applyKeyChanges(store, [first, change(ID_B, HASH_B, '8')]);
    expect(result.failed).toBe(first);
    expect((result.error as Error).name).toBe('ConflictException');
    expect(entries.size).toBe(0);
  });

  it('stops at any other error, the changes before it made', async () => {
    const { store, entries } = fakeStore();
    const failing: EdgeKeyStore = {
      ...store,
      put: (id, hash, ifMatch) =>
        id === ID_B ? Promise.reject(new Error('AccessDenied')) : store.put(id, hash, ifMatch),
    };
    const second = change(ID_B, HASH_B, '9');
    const result = await applyKeyChanges(failing, [change(ID_A, HASH_A), second]);
    expect(result.failed).toBe(second);
    expect([...entries]).toEqual([[ID_A, HASH_A]]);
  });

  it('calls nothing for an empty batch', async () => {
    const { store, calls } = fakeStore();
    expect(await applyKeyChanges(store, [])).toEqual({});
    expect(calls).toEqual([]);
  });
});
