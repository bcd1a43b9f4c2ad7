/**
 * Webhooks (CONTRACT.md §7 Webhooks): managed in Site Management with Edit on Site (403 before the body), the
 * secret shown once; deliveries signed and sent to a real HTTPS receiver on 127.0.0.1 through this process's
 * local queue with a test policy passed as a parameter (the default refuses 127.0.0.1, which is tested too);
 * retries on the back-off schedule run on a moved clock; 20 failures in a row or a 410 switch a hook off; private,
 * loopback, metadata and link-local addresses are refused where the connection is made, literal, resolved or
 * redirected to.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock, setClock } from '../../functions/lib/clock';
import { firstVersion } from '../../functions/lib/db/records';
import { newId } from '../../functions/lib/ids';
import { queueWebhookEvents } from '../../functions/webhook/dispatch';
import { type WebhookRecord, webhookModel } from '../../functions/webhook/model';
import type { WebhookDeliveryMessage } from '../../functions/webhook/queue';
import { verifySignature } from '../../functions/webhook/signature';
import { deliverMessage, failuresReason, GONE_REASON } from '../../functions/webhook-delivery/deliver';
import { type LocalWebhookQueue, startLocalWebhookQueue } from '../../functions/webhook-delivery/local-queue';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../../functions/webhook-delivery/schedule';
import { PUBLIC_ONLY } from '../../functions/webhook-delivery/send';
import { WEBHOOK_HEADERS } from '../../shared/constants';
import type { ContentEvent, ContentEventName } from '../../shared/content-events';
import type { WebhookView } from '../../shared/schemas/webhook';
import { actorWith, articleFields, callRoute, createArticle, createCategory, dataOf, moveArticle } from './factories';
import { admin, call, errorText, login } from './helpers';
import { type Receiver, receiverPolicy, startReceiver, testResolver } from './webhook-receiver';

let token: string;
let receiver: Receiver;
let queue: LocalWebhookQueue;
const made: string[] = [];

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  receiver = await startReceiver();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = { status: 200 };
  queue = startLocalWebhookQueue({
    handle: (message) => deliverMessage(message, { policy: receiverPolicy(receiver) }),
  });
});

afterEach(async () => {
  await queue.stop();
  setClock(undefined);
  for (const id of made.splice(0)) await callRoute('DELETE /site-management/webhooks/{id}', { token, params: { id } });
});

afterAll(async () => {
  await receiver.close();
});

const addHook = async (body: { name?: string; url?: string; events?: ContentEventName[] } = {}) => {
  const hook = await dataOf(
    callRoute('POST /site-management/webhooks', {
      token,
      body: { name: 'Reader site', url: receiver.url, events: ['article.published'], ...body },
    }),
    'add a webhook',
  );
  made.push(hook._id);
  return hook;
};

/** A hook written straight to the table, for addresses the form refuses (to prove the delivery refuses them too). */
const storedHook = async (url: string): Promise<WebhookRecord> => {
  const record: WebhookRecord = {
    _id: newId(),
    name: `Stored ${url}`,
    url,
    events: ['article.published'],
    enabled: true,
    secret: 'whsec_stored',
    secretHint: 'whsec_store',
    ...firstVersion(clock.iso()),
    createdBy: { _id: 'X', name: 'Test' },
    consecutiveFailures: 0,
    disabledAt: null,
    disabledReason: null,
    disabledBy: null,
    lastAttempt: null,
  };
  await webhookModel.insert(record);
  made.push(record._id);
  return record;
};

const contentEvent = (event: ContentEventName = 'article.published'): ContentEvent => ({
  id: newId(),
  event,
  at: new Date().toISOString(),
  data: { _id: newId(), slug: 'a-story', title: 'A story' },
});

const messageFor = (webhookId: string, event = contentEvent()): WebhookDeliveryMessage => ({
  webhookId,
  event,
  attempt: 1,
  redelivery: false,
});

const listed = async (id: string): Promise<WebhookView | undefined> =>
  (await dataOf(callRoute('GET /site-management/webhooks', { token }), 'list webhooks')).list.find((h) => h._id === id);

const deliveriesOf = async (id: string) =>
  (await dataOf(callRoute('GET /site-management/webhooks/{id}/deliveries', { token, params: { id } }), 'deliveries'))
    .list;

describe('webhooks: managing them', () => {
  it('are added with a secret shown once, listed without it, changed at their version, switched off and on, removed', async () => {
    const hook = await addHook({ name: 'Reader site', events: ['article.published', 'menu.changed'] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook.secret.startsWith(hook.secretHint)).toBe(true);
    expect(hook).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null, lastAttempt: null });

    const list = await dataOf(callRoute('GET /site-management/webhooks', { token }), 'list');
    expect(list.list.find((h) => h._id === hook._id)).toMatchObject({ name: 'Reader site', url: receiver.url });
    expect(JSON.stringify(list)).not.toContain(hook.secret.slice(12));

    const patch = (body: Record<string, unknown>) =>
      callRoute('PATCH /site-management/webhooks/{id}', {
        token,
        params: { id: hook._id },
        body: body as { version: number },
      });
    const changed = await dataOf(patch({ version: 1, name: 'Renamed', events: ['home.changed'] }), 'change');
    expect(changed).toMatchObject({ name: 'Renamed', events: ['home.changed'], version: 2 });
    expect(JSON.stringify(changed)).not.toContain(hook.secret.slice(12));
    const stale = await patch({ version: 1, name: 'Again' });
    expect(stale.status).toBe(409);

    const off = await dataOf(patch({ version: 2, enabled: false }), 'switch off');
    expect(off).toMatchObject({ enabled: false, disabledReason: `Switched off by ${admin.name}` });
    expect(off.disabledBy?.name).toBe(admin.name);
    const on = await dataOf(patch({ version: 3, enabled: true }), 'switch on');
    expect(on).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, disabledBy: null });

    const removed = await callRoute('DELETE /site-management/webhooks/{id}', { token, params: { id: hook._id } });
    expect([removed.status, removed.body.data]).toEqual([200, { _id: hook._id }]);
    expect(await listed(hook._id)).toBeUndefined();
    const again = await callRoute('DELETE /site-management/webhooks/{id}', { token, params: { id: hook._id } });
    expect([again.status, errorText(again)]).toEqual([404, 'NotFound: No such webhook']);
  });

  it('refuse what is not a public https address, no or unknown events, a missing name: 400, nothing written', async () => {
    const before = (await dataOf(callRoute('GET /site-management/webhooks', { token }), 'list')).total;
    const add = (body: Record<string, unknown>) =>
      call('POST', '/site-management/webhooks', {
        token,
        body: { name: 'Hook', url: 'https://hooks.example.com/news', events: ['article.published'], ...body },
      });
    const refusals: [Record<string, unknown>, string][] = [
      [{ url: 'http://hooks.example.com/news' }, 'The address must start with https://'],
      [{ url: 'http://2130706433/' }, 'The address must start with https://'],
      [{ url: 'hooks.example.com' }, 'Enter a valid address starting with https://'],
      [{ url: '' }, 'Address is required'],
      [{ url: 'https://user:pw@hooks.example.com/' }, 'The address must not hold a user name or password'],
      [{ events: [] }, 'Choose at least one event'],
      [{ events: ['article.deleted'] }, 'Choose events from the list'],
      [{ events: ['menu.changed', 'menu.changed'] }, 'Choose each event once'],
      [{ name: '  ' }, 'Webhook name is required'],
    ];
    const local = 'The address must be on the public internet, not a private, local or reserved network';
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://2130706433/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://localhost/',
    ]) {
      refusals.push([{ url }, local]);
    }
    for (const [body, message] of refusals) {
      const res = await add(body);
      expect([res.status, errorText(res)], JSON.stringify(body)).toEqual([400, `ValidationError: ${message}`]);
    }
    expect((await dataOf(callRoute('GET /site-management/webhooks', { token }), 'list')).total).toBe(before);
  });

  it('need Edit on Site Management, reading included: 403 before the body is read, nothing written', async () => {
    const hook = await addHook();
    const reader = await actorWith({ Site: ['Read'] });
    const id = hook._id;
    const deliveryId = newId();
    const refused = [
      await call('GET', '/site-management/webhooks', { token: reader.token }),
      await call('POST', '/site-management/webhooks', { token: reader.token, body: { url: 'http://x' } }),
      await call('PATCH', `/site-management/webhooks/${id}`, { token: reader.token, body: { version: 'x' } }),
      await call('DELETE', `/site-management/webhooks/${id}`, { token: reader.token }),
      await call('GET', `/site-management/webhooks/${id}/deliveries`, { token: reader.token }),
      await call('POST', `/site-management/webhooks/${id}/deliveries/${deliveryId}/redeliver`, { token: reader.token }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await listed(id)).toMatchObject({ version: 1, enabled: true, name: 'Reader site' });
  });
});

describe('webhooks: deliveries', () => {
  it('are signed, sent to a real HTTPS receiver, only for the events each enabled hook asked for', async () => {
    const published = await addHook({ name: 'Published', events: ['article.published'] });
    const menus = await addHook({ name: 'Menus', events: ['menu.changed', 'home.changed'] });
    const off = await addHook({ name: 'Off', events: ['article.published', 'menu.changed'] });
    await dataOf(
      callRoute('PATCH /site-management/webhooks/{id}', {
        token,
        params: { id: off._id },
        body: { version: 1, enabled: false },
      }),
      'switch off',
    );
    const events = [contentEvent('article.published'), contentEvent('menu.changed'), contentEvent('site.changed')];
    await queueWebhookEvents(events);
    const queued = queue.pending().map((p) => `${p.message.webhookId} ${p.message.event.event}`);
    expect(queued.sort()).toEqual([`${published._id} article.published`, `${menus._id} menu.changed`].sort());
    expect(await queue.runDue()).toBe(2);

    expect(receiver.received).toHaveLength(2);
    for (const [hook, event] of [
      [published, events[0]],
      [menus, events[1]],
    ] as const) {
      const got = receiver.received.find((r) => r.headers[WEBHOOK_HEADERS.id] === event?.id);
      if (!got || !event) throw new Error(`no delivery of ${event?.event}`);
      expect(JSON.parse(got.body)).toEqual(event);
      expect(got.path).toBe('/hook');
      expect(got.headers).toMatchObject({
        'content-type': 'application/json',
        [WEBHOOK_HEADERS.event]: event.event,
        [WEBHOOK_HEADERS.attempt]: '1',
      });
      expect(got.headers[WEBHOOK_HEADERS.signature]).toMatch(/^v1=[0-9a-f]{64}$/);
      const headers = {
        timestamp: String(got.headers[WEBHOOK_HEADERS.timestamp]),
        signature: String(got.headers[WEBHOOK_HEADERS.signature]),
      };
      const now = Math.floor(Date.now() / 1000);
      expect(verifySignature(hook.secret, headers, got.body, now)).toBe(true);
      // Another hook's secret, or a changed body, does not pass.
      expect(verifySignature(off.secret, headers, got.body, now)).toBe(false);
      expect(verifySignature(hook.secret, headers, got.body.replace('A story', 'B story'), now)).toBe(false);
    }

    const [entry] = await deliveriesOf(published._id);
    expect(entry).toMatchObject({
      eventId: events[0]?.id,
      event: 'article.published',
      attempt: 1,
      ok: true,
      status: 200,
      error: null,
      redelivery: false,
    });
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry).not.toHaveProperty('payload');
    expect(await listed(published._id)).toMatchObject({
      consecutiveFailures: 0,
      lastAttempt: { ok: true, status: 200 },
    });
    expect(await deliveriesOf(off._id)).toEqual([]);
  });

  it('are retried on the back-off schedule (on a moved clock), then given up to the dead-letter queue', async () => {
    receiver.answer = { status: 500 };
    const hook = await addHook();
    const event = contentEvent();
    await queueWebhookEvents([event]);
    let now = Date.now();
    setClock(() => now);
    expect(await queue.runDue()).toBe(1);
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
      const [next] = queue.pending();
      expect(next?.dueAt).toBe(now + delay * 1000);
      now += delay * 1000 - 2000;
      expect(await queue.runDue(), 'not due yet').toBe(0);
      now += 2000;
      expect(await queue.runDue()).toBe(1);
    }
    expect(queue.pending()).toEqual([]);
    expect(queue.deadLetters.map((d) => [d.message.event.id, d.message.attempt, d.reason])).toEqual([
      [event.id, 7, 'The receiver answered 500'],
    ]);
    expect(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.attempt])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.id]))).toEqual(new Set([event.id]));

    const log = await deliveriesOf(hook._id);
    expect(log.map((d) => [d.attempt, d.ok, d.status, d.error])).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((attempt) => [attempt, false, 500, 'The receiver answered 500']),
    );
    expect(await listed(hook._id)).toMatchObject({ enabled: true, consecutiveFailures: 7 });

    // A success ends the run of failures.
    receiver.answer = { status: 204 };
    await queueWebhookEvents([contentEvent()]);
    await queue.runDue();
    expect(await listed(hook._id)).toMatchObject({ consecutiveFailures: 0, lastAttempt: { ok: true, status: 204 } });
  });

  it('switch a hook off after 20 failures in a row; switching it on again starts the count again', async () => {
    receiver.answer = { status: 503 };
    const hook = await addHook();
    await queueWebhookEvents(Array.from({ length: 21 }, () => contentEvent()));
    await queue.runDue();
    // The 21st found the hook switched off already.
    expect(receiver.received).toHaveLength(20);
    const off = await listed(hook._id);
    expect(off).toMatchObject({
      enabled: false,
      consecutiveFailures: 20,
      disabledReason: failuresReason('The receiver answered 503'),
      disabledBy: null,
    });
    expect(off?.disabledAt).toEqual(expect.any(String));

    // Its queued retries are dropped when their turn comes.
    const later = Date.now() + 61_000;
    setClock(() => later);
    expect(await queue.runDue()).toBe(19);
    expect(receiver.received).toHaveLength(20);

    const on = await dataOf(
      callRoute('PATCH /site-management/webhooks/{id}', {
        token,
        params: { id: hook._id },
        body: { version: off?.version ?? 0, enabled: true },
      }),
      'switch on',
    );
    expect(on).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null, disabledAt: null });
    expect(await listed(hook._id)).toMatchObject({ enabled: true, consecutiveFailures: 0 });
  });

  it('switch a hook off at once when the receiver answers 410 Gone', async () => {
    receiver.answer = { status: 410 };
    const hook = await addHook();
    await queueWebhookEvents([contentEvent()]);
    await queue.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(queue.pending()).toEqual([]);
    expect(await listed(hook._id)).toMatchObject({ enabled: false, disabledReason: GONE_REASON });
    expect((await deliveriesOf(hook._id))[0]).toMatchObject({ ok: false, status: 410 });
  });

  it('to a removed hook, nothing is sent, even what was queued before it was removed', async () => {
    const hook = await addHook();
    await queueWebhookEvents([contentEvent()]);
    expect(queue.pending()).toHaveLength(1);
    await dataOf(callRoute('DELETE /site-management/webhooks/{id}', { token, params: { id: hook._id } }), 'remove');
    await queue.runDue();
    expect(receiver.received).toEqual([]);
  });
});

describe('webhooks: addresses refused where the connection is made', () => {
  const errorOf = async (hook: WebhookRecord, policy = PUBLIC_ONLY) => {
    expect(await deliverMessage(messageFor(hook._id), { policy })).toBe('retrying');
    return (await deliveriesOf(hook._id))[0]?.error;
  };

  it('literal loopback, IPv6 loopback, metadata, private and mapped addresses, and http://', async () => {
    const port = receiver.port;
    const cases: [string, string][] = [
      [`https://127.0.0.1:${port}/hook`, 'Refused: 127.0.0.1 is a loopback address'],
      [`https://[::1]:${port}/hook`, 'Refused: ::1 is a loopback address'],
      [`https://[::ffff:127.0.0.1]:${port}/hook`, 'Refused: ::ffff:7f00:1 is a loopback address'],
      ['https://169.254.169.254/latest/meta-data/', 'Refused: 169.254.169.254 is a cloud metadata address'],
      ['https://[fd00:ec2::254]/', 'Refused: fd00:ec2::254 is a cloud metadata address'],
      ['https://10.0.0.1/hook', 'Refused: 10.0.0.1 is a private network address'],
      ['https://2130706433/hook', 'Refused: 127.0.0.1 is a loopback address'],
      [`http://receiver.test:${port}/hook`, 'Only https:// addresses are delivered to'],
    ];
    for (const [url, error] of cases) expect(await errorOf(await storedHook(url)), url).toBe(error);
    expect(receiver.received).toEqual([]);
  });

  it('a name resolving to a private address, the receiver itself under the default policy, and a redirect', async () => {
    const internal = await addHook({ url: 'https://internal.test/hook' });
    const resolvesPrivate = { ...PUBLIC_ONLY, resolve: testResolver({ 'internal.test': '10.0.0.7' }) };
    expect(await errorOf(await hookRecord(internal._id), resolvesPrivate)).toBe(
      'Refused: internal.test: 10.0.0.7 is a private network address',
    );

    // The real receiver, its name resolved and its certificate trusted: only the address rule stops it.
    const real = await addHook({ url: receiver.url });
    const defaultRules = { ...PUBLIC_ONLY, resolve: testResolver(), ca: receiver.cert };
    expect(await errorOf(await hookRecord(real._id), defaultRules)).toBe(
      'Refused: receiver.test: 127.0.0.1 is a loopback address',
    );
    expect(receiver.received).toEqual([]);
    expect(await deliverMessage(messageFor(real._id), { policy: receiverPolicy(receiver) })).toBe('delivered');
    expect(receiver.received).toHaveLength(1);

    // A redirect is not followed, wherever it points: the attempt failed.
    receiver.answer = { status: 302, headers: { location: 'https://169.254.169.254/latest/meta-data/' } };
    expect(await deliverMessage(messageFor(real._id), { policy: receiverPolicy(receiver) })).toBe('retrying');
    expect((await deliveriesOf(real._id))[0]).toMatchObject({ status: 302, error: 'Redirect (302) not followed' });
    expect(receiver.received).toHaveLength(2);
  });
});

const hookRecord = async (id: string) => {
  const record = await webhookModel.get(id, true);
  if (!record) throw new Error(`no webhook ${id}`);
  return record;
};

describe('webhooks: Redeliver', () => {
  it("queues a logged delivery again on the stack's own queue, whose default policy refuses 127.0.0.1", async () => {
    // At the receiver's own address, which the form refuses (so written straight to the table): the test's policy
    // allows it, the stack's default one must not.
    const hook = await storedHook(`https://127.0.0.1:${receiver.port}/hook`);
    const event = contentEvent();
    await queueWebhookEvents([event]);
    await queue.runDue();
    expect(receiver.received).toHaveLength(1);
    const [first] = await deliveriesOf(hook._id);
    if (!first) throw new Error('no delivery logged');
    const path = `/site-management/webhooks/${hook._id}/deliveries/${first._id}/redeliver`;

    const reader = await actorWith({ Site: ['Read'] });
    expect((await call('POST', path, { token: reader.token })).status).toBe(403);
    const unknown = await call('POST', `/site-management/webhooks/${hook._id}/deliveries/${newId()}/redeliver`, {
      token,
    });
    expect([unknown.status, errorText(unknown)]).toEqual([404, 'NotFound: No such delivery']);

    const queued = await callRoute('POST /site-management/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
      token,
      params: { id: hook._id, deliveryId: first._id },
    });
    expect([queued.status, queued.body.data]).toEqual([200, { queued: true, eventId: event.id }]);
    // The stack's queue runs it within a second or two, under the default policy: refused, and nothing arrives.
    let again: Awaited<ReturnType<typeof deliveriesOf>>[number] | undefined;
    for (let i = 0; i < 60 && !again; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = (await deliveriesOf(hook._id)).find((d) => d.redelivery);
    }
    expect(again).toMatchObject({
      eventId: event.id,
      attempt: 1,
      redelivery: true,
      ok: false,
      status: null,
      error: 'Refused: 127.0.0.1 is a loopback address',
    });
    expect(receiver.received).toHaveLength(1);

    const off = await dataOf(
      callRoute('PATCH /site-management/webhooks/{id}', {
        token,
        params: { id: hook._id },
        body: { version: (await hookRecord(hook._id)).version, enabled: false },
      }),
      'switch off',
    );
    expect(off.enabled).toBe(false);
    const refused = await call('POST', path, { token });
    expect([refused.status, errorText(refused)]).toEqual([
      409,
      'Conflict: This webhook is switched off; switch it on to deliver to it again',
    ]);
  });
});

describe('webhooks: from a content change', () => {
  it("a published article is delivered through the table's stream and the stack's own queue (default policy)", async () => {
    // At the receiver's own address: the stack's default policy refuses it, so the attempt is logged as refused.
    const hook = await storedHook(`https://127.0.0.1:${receiver.port}/hook`);
    const category = await createCategory(token);
    const me = await dataOf(callRoute('GET /user/me', { token }), 'me');
    const draft = await createArticle(token, articleFields({ categories: [category._id], user: me._id }));
    await moveArticle(token, draft, 'publish');
    let logged: Awaited<ReturnType<typeof deliveriesOf>>[number] | undefined;
    for (let i = 0; i < 60 && !logged; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      logged = (await deliveriesOf(hook._id)).find((d) => d.event === 'article.published');
    }
    expect(logged).toMatchObject({ attempt: 1, ok: false, error: 'Refused: 127.0.0.1 is a loopback address' });
    expect(receiver.received).toEqual([]);
  });
});
