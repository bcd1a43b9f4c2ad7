/**
 * Ads served as a reader's site meets them, through the local CDN: the decision (what is eligible, pacing, the
 * window's edges), impressions counted exactly once and never past the cap under many parallel beacons, robots and
 * repeats not counted, forged, expired and replayed tokens refused, clicks sent only to the ad's stored link, and the
 * counts surviving the ad's saves. Cases that move the clock call the Lambda in this process (direct.ts).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAdToken } from '../../functions/ad-serving/token';
import { setClock } from '../../functions/lib/clock';
import { CONTENT_BASE, CONTENT_KEY_HEADER } from '../../shared/addresses';
import { AD_SERVING } from '../../shared/constants';
import type { AdFlight, AdImpressionResult, ClientReport, PublicAd } from '../../shared/schemas/ad-serving';
import { direct } from './direct';
import { callRoute, createAd, createCategory, createClient, dataOf } from './factories';
import { admin, apiUrl, call, login } from './helpers';

const siteUrl = apiUrl.replace(/\/api$/, '');
let token: string;
let key: string;
let client: { _id: string; name: string };

/** A person's browser, told apart by `who` (a reader is their address and browser). */
const browser = (who: string | number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 r${who}`;

async function decide(query: string, as = key) {
  const res = await fetch(`${siteUrl}${CONTENT_BASE}/ads?${query}`, { headers: { [CONTENT_KEY_HEADER]: as } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, ad: text ? (JSON.parse(text).data as PublicAd) : undefined };
}

async function beacon(adToken: string, reader: string | number = 1, contentType = 'application/json') {
  const res = await fetch(`${siteUrl}${CONTENT_BASE}/ads/impression`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'user-agent': typeof reader === 'number' ? browser(reader) : reader },
    body: JSON.stringify({ token: adToken }),
  });
  const body = (await res.json()) as { data?: AdImpressionResult; message?: { msg: string } };
  return { status: res.status, data: body.data, message: body.message?.msg ?? '' };
}

async function click(path: string, reader: string | number = 1) {
  const res = await fetch(`${siteUrl}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': typeof reader === 'number' ? browser(reader) : reader },
  });
  return { status: res.status, location: res.headers.get('location'), cache: res.headers.get('cache-control') };
}

const countsOf = async (id: string) => {
  const ad = await dataOf(callRoute('GET /advertisement/{id}', { token, params: { id } }), 'ad');
  return { views: ad.views, clicks: ad.clicks, version: ad.version };
};

/**
 * Polls until `read` gives what `accept` wants. The stream's projection is a few ms behind a save on a quiet stack,
 * seconds behind when the other integration files keep its consumer busy (CI): the wait allows for that.
 */
async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, ms = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() - started > ms) throw new Error(`still ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A running Bottom ad of its own category (so only it is eligible there), and that category's slug. */
async function runningAd(extra: Parameters<typeof createAd>[2] = {}) {
  const category = await createCategory(token);
  const now = Date.now();
  const ad = await createAd(
    token,
    { client: client._id, categories: [category._id] },
    { startDate: new Date(now).toISOString(), endDate: new Date(now + 7 * 86_400_000).toISOString(), ...extra },
  );
  const query = `position=Bottom&screen=Mobile&category=${encodeURIComponent(category.slug)}`;
  await until(
    () => decide(query),
    (d) => d.status === 200,
  );
  return { ad, category, query };
}

beforeAll(async () => {
  token = await login(admin.email, admin.password);
  key = (await dataOf(callRoute('POST /site-management/content-keys', { token, body: { name: 'Ads site' } }), 'key'))
    .key;
  client = await createClient(token);
  await until(
    () => fetch(`${siteUrl}${CONTENT_BASE}/home`, { headers: { [CONTENT_KEY_HEADER]: key } }),
    (res) => res.status === 200,
  );
});

afterEach(() => setClock(undefined));

describe('the decision', () => {
  it('answers the eligible ad, never cached, with its image, a token and our click address', async () => {
    const { ad, query } = await runningAd();
    const decision = await decide(query);
    expect(decision.status).toBe(200);
    expect(decision.headers.get('cache-control')).toBe('private, no-store');
    expect(decision.ad).toMatchObject({ id: ad._id, position: 'Bottom', image: { alt: ad.title, screen: 'Mobile' } });
    expect(decision.ad?.image.url).toMatch(/^\/media\//);
    expect(decision.ad?.click).toMatch(new RegExp(`^${CONTENT_BASE}/ads/${ad._id}/click\\?t=`));
    expect(JSON.stringify(decision.ad)).not.toContain(client._id);
    // A Bottom ad shows its Mobile image on a desktop too; no Top ad targets this category.
    expect((await decide(query.replace('Mobile', 'Desktop'))).ad?.image.screen).toBe('Desktop');
    expect((await decide(query.replace('Bottom', 'Top'))).status).toBe(204);
    // Home pages get only ads marked Show in Home.
    expect((await decide(`${query}&home=true`)).status).toBe(204);
  });

  it('needs a content key and a well-formed slot', async () => {
    expect((await decide('position=Bottom&screen=Mobile', '')).status).toBe(401);
    const bad = await fetch(`${siteUrl}${CONTENT_BASE}/ads?position=Middle&screen=Mobile`, {
      headers: { [CONTENT_KEY_HEADER]: key },
    });
    expect(bad.status).toBe(400);
    expect((await decide('position=Bottom&screen=Mobile&category=no-such-desk-anywhere')).status).toBe(204);
  });

  it('serves an ad from exactly its start, and not at its end', async () => {
    const category = await createCategory(token);
    const start = Date.parse(new Date(Date.now() + 3_600_000).toISOString());
    const end = start + 86_400_000;
    const ad = await createAd(
      token,
      { client: client._id, categories: [category._id] },
      { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() },
    );
    const path = `${CONTENT_BASE}/ads?position=Bottom&screen=Mobile&category=${encodeURIComponent(category.slug)}`;
    // The projection follows the save from the table's stream. While waiting, the clock runs on from the start, as
    // time does: a decision keeps what it read (a category not yet published, the list without this ad) for a moment
    // of the clock, and a clock held still would keep it for good.
    const waitFrom = Date.now();
    setClock(() => start + (Date.now() - waitFrom));
    await until(
      () => direct<PublicAd>('GET', path, { headers: { [CONTENT_KEY_HEADER]: key } }),
      (d) => d.status === 200,
    );
    setClock(() => start - 1);
    expect((await direct('GET', path, { headers: { [CONTENT_KEY_HEADER]: key } })).status).toBe(204);
    setClock(() => start);
    expect((await direct<PublicAd>('GET', path, { headers: { [CONTENT_KEY_HEADER]: key } })).body.data?.id).toBe(
      ad._id,
    );
    setClock(() => end - 1);
    expect((await direct('GET', path, { headers: { [CONTENT_KEY_HEADER]: key } })).status).toBe(200);
    setClock(() => end);
    expect((await direct('GET', path, { headers: { [CONTENT_KEY_HEADER]: key } })).status).toBe(204);

    // An impression counts when it was shown inside the run: from its first instant, not at its end.
    const secret = process.env.AD_TOKEN_SECRET as string;
    const report = (shownAt: number, ip: string) => {
      setClock(() => shownAt + 1000);
      return direct<AdImpressionResult>('POST', `${CONTENT_BASE}/ads/impression`, {
        body: { token: signAdToken(ad._id, shownAt, secret) },
        ip,
      });
    };
    expect((await report(start - 1, '203.0.113.21')).body.data).toEqual({ counted: false, reason: 'closed' });
    expect((await report(start, '203.0.113.22')).body.data).toEqual({ counted: true });
    expect((await report(end - 1, '203.0.113.23')).body.data).toEqual({ counted: true });
    expect((await report(end, '203.0.113.24')).body.data).toEqual({ counted: false, reason: 'closed' });
    setClock(undefined);
    expect((await countsOf(ad._id)).views).toBe(2);
  });

  it('never serves an ad in the trash, and counts none of its late beacons', async () => {
    const { ad, query } = await runningAd();
    const before = await decide(query);
    expect(before.ad?.id).toBe(ad._id);
    expect((await call('DELETE', `/advertisement/${ad._id}`, { token })).status).toBe(200);
    await until(
      () => decide(query),
      (d) => d.status === 204,
    );
    const late = await beacon(before.ad?.impressionToken ?? '', 4100);
    expect(late.data).toEqual({ counted: false, reason: 'closed' });
    // Its published copy goes from the table's stream, a moment after the trash's own write.
    await until(
      () => click(before.ad?.click ?? ''),
      (answer) => answer.status === 404,
    );
  });

  it('spreads a capped flight: an ad ahead of its even pace is held back', async () => {
    // Cap 100 over a week: at its start the pace allows the allowance (1 impression) and no more.
    const { ad, query } = await runningAd({ maxImpressionAllowed: 100 });
    const first = await decide(query);
    expect((await beacon(first.ad?.impressionToken ?? '', 2001)).data?.counted).toBe(true);
    expect((await decide(query)).status).toBe(204);
    expect((await countsOf(ad._id)).views).toBe(1);
  });
});

describe('impressions', () => {
  it('count once a token and reader; refuse forged, expired and replayed tokens; skip robots', async () => {
    const { ad, query } = await runningAd();
    const shown = (await decide(query)).ad as PublicAd;
    const counted = await beacon(shown.impressionToken, 3001);
    expect(counted).toMatchObject({ status: 200, data: { counted: true } });
    const replayed = await beacon(shown.impressionToken, 3002);
    expect(replayed.status).toBe(409);
    expect(replayed.message).toBe('Conflict: This ad token was used already');

    // Forged: another ad's id under the same MAC, a MAC of another secret, garbage.
    const [payload = '', mac = ''] = shown.impressionToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const swapped = Buffer.from(JSON.stringify({ ...claims, a: client._id })).toString('base64url');
    for (const forged of [
      `${swapped}.${mac}`,
      signAdToken(ad._id, Date.now(), 'x'.repeat(64)),
      'not-a-token',
      // One MAC character changed: the first, whose six bits all count (the last one's low bits are base64 padding,
      // so changing it could leave the same bytes).
      `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
    ]) {
      const refused = await beacon(forged, 3003);
      expect(refused.status).toBe(400);
      expect(refused.message).toBe('ValidationError: Not a valid ad token');
    }
    // Expired: a token shown longer ago than its few minutes.
    const secret = process.env.AD_TOKEN_SECRET as string;
    const old = signAdToken(ad._id, Date.now() - AD_SERVING.impressionTokenSeconds * 1000 - 1000, secret);
    const expired = await beacon(old, 3004);
    expect(expired.status).toBe(400);
    expect(expired.message).toMatch(/expired/);

    // Robots are not counted (their token is not used up either: nothing was shown to a person).
    for (const robot of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', '', 'HeadlessChrome/131']) {
      const next = (await decide(query)).ad as PublicAd;
      expect((await beacon(next.impressionToken, robot)).data).toEqual({ counted: false, reason: 'bot' });
    }
    // Sent as navigator.sendBeacon sends a string: text/plain.
    const plain = (await decide(query)).ad as PublicAd;
    expect((await beacon(plain.impressionToken, 3005, 'text/plain;charset=UTF-8')).data?.counted).toBe(true);
    expect((await countsOf(ad._id)).views).toBe(2);
  });

  it('count the same reader once within a minute', async () => {
    const { ad, query } = await runningAd();
    const path = `${CONTENT_BASE}/ads?${query}`;
    const now = Date.now();
    setClock(() => now);
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const d = await direct<PublicAd>('GET', path, { headers: { [CONTENT_KEY_HEADER]: key } });
      tokens.push(d.body.data?.impressionToken ?? '');
    }
    const send = (t: string) =>
      direct<AdImpressionResult>('POST', `${CONTENT_BASE}/ads/impression`, { body: { token: t }, ip: '203.0.113.9' });
    const firstBeacon = await send(tokens[0] ?? '');
    expect(firstBeacon.body, JSON.stringify(firstBeacon.body)).toEqual({ data: { counted: true } });
    setClock(() => now + 59_000);
    expect((await send(tokens[1] ?? '')).body.data).toEqual({ counted: false, reason: 'repeat' });
    setClock(() => now + (AD_SERVING.repeatViewSeconds + 1) * 1000);
    expect((await send(tokens[2] ?? '')).body.data).toEqual({ counted: true });
    // Another reader (another address) counts at once.
    setClock(undefined);
    const other = (await decide(query)).ad as PublicAd;
    expect((await beacon(other.impressionToken, 4001)).data?.counted).toBe(true);
    expect((await countsOf(ad._id)).views).toBe(3);
  });

  it('never pass the cap, whatever the number of parallel beacons', async () => {
    const cap = 60;
    const { ad, query } = await runningAd({ maxImpressionAllowed: cap });
    // Near its end an even pace allows the whole cap: served until the cap is reached, then never.
    const nearEnd = Date.parse(ad.endDate) - 1000;
    const decideNearEnd = () => {
      setClock(() => nearEnd);
      return direct<PublicAd>('GET', `${CONTENT_BASE}/ads?${query}`, { headers: { [CONTENT_KEY_HEADER]: key } });
    };
    expect((await decideNearEnd()).body.data?.id).toBe(ad._id);
    setClock(undefined);
    // Tokens as decisions sign them (pacing would hold the ad back after the first few impressions).
    const secret = process.env.AD_TOKEN_SECRET as string;
    const tokens = Array.from({ length: 300 }, () => signAdToken(ad._id, Date.now(), secret));
    const results = await Promise.all(tokens.map((t, i) => beacon(t, 10_000 + i)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.data?.counted).length).toBe(cap);
    expect(results.filter((r) => r.data?.reason === 'capped').length).toBe(300 - cap);
    expect((await countsOf(ad._id)).views).toBe(cap);
    expect((await decideNearEnd()).status).toBe(204);
    setClock(undefined);
    const flight = await dataOf(callRoute('GET /advertisement/{id}/flight', { token, params: { id: ad._id } }), 'f');
    expect(flight.views).toBe(cap);
    expect(flight.days.reduce((sum, d) => sum + d.views, 0)).toBe(cap);
  });

  it('lose no count to a save of the ad, and a lowered cap holds exactly', async () => {
    const { ad } = await runningAd({ maxImpressionAllowed: 1000 });
    const secret = process.env.AD_TOKEN_SECRET as string;
    const fresh = (n: number) => Array.from({ length: n }, () => signAdToken(ad._id, Date.now(), secret));
    const save = async (changes: { title?: string; maxImpressionAllowed?: number }) => {
      const current = await dataOf(callRoute('GET /advertisement/{id}', { token, params: { id: ad._id } }), 'ad');
      const { title, description, url, client, categories, maxImpressionAllowed, startDate, endDate } = current;
      const body = { title, description, url, client, categories, maxImpressionAllowed, startDate, endDate };
      return call('PATCH', `/advertisement/${ad._id}`, {
        token,
        body: {
          ...body,
          position: current.position,
          images: current.images,
          isFeatured: current.isFeatured,
          version: current.version,
          ...changes,
        },
      });
    };
    // Saves of its title while beacons are counted: every count stays.
    const [first, ...saves] = await Promise.all([
      Promise.all(fresh(80).map((t, i) => beacon(t, 20_000 + i))),
      save({ title: `${ad.title} (edited)` }),
    ]);
    expect(saves.map((s) => s.status)).toEqual([200]);
    const counted = first.filter((r) => r.data?.counted).length;
    expect(counted).toBe(80);
    expect((await countsOf(ad._id)).views).toBe(80);
    // The cap lowered to 30 above the count; then beacons, with a save of its title among them: exactly 30 more.
    expect((await save({ maxImpressionAllowed: 80 + 30 })).status).toBe(200);
    const [more, retitled] = await Promise.all([
      Promise.all(fresh(120).map((t, i) => beacon(t, 30_000 + i))),
      save({ title: `${ad.title} (edited again)` }),
    ]);
    expect(retitled.status).toBe(200);
    expect(more.filter((r) => r.data?.counted).length).toBe(30);
    expect((await countsOf(ad._id)).views).toBe(110);
    // And lowered below the count: nothing more is counted.
    expect((await save({ maxImpressionAllowed: 100 })).status).toBe(200);
    const none = await Promise.all(fresh(20).map((t, i) => beacon(t, 50_000 + i)));
    expect(none.filter((r) => r.data?.counted)).toEqual([]);
    // Raised again: the room above the count is counted, exactly.
    expect((await save({ maxImpressionAllowed: 120 })).status).toBe(200);
    const raised = await Promise.all(fresh(40).map((t, i) => beacon(t, 60_000 + i)));
    expect(raised.filter((r) => r.data?.counted).length).toBe(10);
    expect((await countsOf(ad._id)).views).toBe(120);
  });
});

describe('clicks', () => {
  it('go only to the ad’s stored link, counted once a reader a day', async () => {
    const { ad, query } = await runningAd({ url: 'https://acme.example/sale?from=ad' });
    const shown = (await decide(query)).ad as PublicAd;
    const first = await click(shown.click ?? '', 5001);
    expect(first).toEqual({ status: 302, location: 'https://acme.example/sale?from=ad', cache: 'private, no-store' });
    // The same reader again, and the same token from another reader: sent on, not counted.
    expect((await click(shown.click ?? '', 5001)).status).toBe(302);
    expect((await click(shown.click ?? '', 5002)).status).toBe(302);
    expect((await countsOf(ad._id)).clicks).toBe(1);

    const t = encodeURIComponent(shown.impressionToken);
    const attempts = [
      `${CONTENT_BASE}/ads/${ad._id}/click?t=${t}&url=https://evil.example`,
      `${CONTENT_BASE}/ads/${ad._id}/click?t=//evil.example`,
      `${CONTENT_BASE}/ads/${ad._id}/click?t=https%3A%2F%2Fevil.example`,
      `${CONTENT_BASE}/ads/${ad._id}/click?t=${t}&t=https://evil.example`,
      `${CONTENT_BASE}/ads/${ad._id}/click?redirect=%2F%2Fevil.example&t=${t}`,
    ];
    for (const path of attempts) {
      const answer = await click(path, 5003);
      expect([302, 400]).toContain(answer.status);
      if (answer.status === 302) expect(answer.location).toBe('https://acme.example/sale?from=ad');
    }
    for (const path of [
      `${CONTENT_BASE}/ads/%2F%2Fevil.example/click?t=${t}`,
      `${CONTENT_BASE}/ads/..%2F..%2Fevil.example/click?t=${t}`,
      `${CONTENT_BASE}/ads/${'0'.repeat(26)}/click?t=${t}`,
    ]) {
      const answer = await click(path, 5004);
      expect(answer.location ?? '').not.toContain('evil');
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    // Another ad's token on this ad's address: sent to this ad's link, counted for neither.
    const other = await runningAd({ url: 'https://other.example/' });
    const its = (await decide(other.query)).ad as PublicAd;
    const crossed = await click(
      `${CONTENT_BASE}/ads/${ad._id}/click?t=${encodeURIComponent(its.impressionToken)}`,
      5005,
    );
    expect(crossed.location).toBe('https://acme.example/sale?from=ad');
    expect((await countsOf(ad._id)).clicks).toBe(1);
    expect((await countsOf(other.ad._id)).clicks).toBe(0);
  });

  it('skip robots', async () => {
    const { ad, query } = await runningAd();
    const shown = (await decide(query)).ad as PublicAd;
    expect((await click(shown.click ?? '', 'Mozilla/5.0 (compatible; bingbot/2.0)')).status).toBe(302);
    expect((await countsOf(ad._id)).clicks).toBe(0);
  });
});

describe('reports', () => {
  it('give an ad’s flight and its client’s totals for a range of days', async () => {
    const own = await createClient(token);
    const category = await createCategory(token);
    const ad = await createAd(
      token,
      { client: own._id, categories: [category._id] },
      { startDate: new Date().toISOString(), endDate: new Date(Date.now() + 86_400_000).toISOString() },
    );
    const secret = process.env.AD_TOKEN_SECRET as string;
    for (let i = 0; i < 3; i++) await beacon(signAdToken(ad._id, Date.now(), secret), 6000 + i);
    const today = new Date().toISOString().slice(0, 10);
    const flight: AdFlight = await dataOf(
      callRoute('GET /advertisement/{id}/flight', { token, params: { id: ad._id } }),
      'flight',
    );
    expect(flight).toMatchObject({ _id: ad._id, views: 3, clicks: 0, maxImpressionAllowed: 1000 });
    expect(flight.days).toEqual([{ day: today, views: 3, clicks: 0 }]);
    const report = await call<ClientReport>(
      'GET',
      `/advertisement/report?client=${own._id}&from=${today}&to=${today}`,
      {
        token,
      },
    );
    expect(report.body.data).toMatchObject({ client: { _id: own._id }, totals: { views: 3, clicks: 0 } });
    expect(report.body.data?.ads.map((a) => [a._id, a.views])).toEqual([[ad._id, 3]]);
    const bad = await call('GET', `/advertisement/report?client=${own._id}&from=${today}&to=2000-01-01`, { token });
    expect(bad.status).toBe(400);
    const tooLong = await call('GET', `/advertisement/report?client=${own._id}&from=2020-01-01&to=${today}`, {
      token,
    });
    expect(tooLong.status).toBe(400);
  });
});

// Beacons and clicks need no key: their token is their credential.
describe('what a stranger’s script gets', () => {
  it('cannot count with a made-up token or reach an ad’s link without one', async () => {
    const { ad } = await runningAd();
    expect((await beacon('a.b', 7001)).status).toBe(400);
    const bare = await click(`${CONTENT_BASE}/ads/${ad._id}/click`, 7002);
    expect(bare.status).toBe(400);
    expect(bare.location).toBeNull();
  });
});
