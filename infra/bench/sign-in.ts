/**
 * `npm run bench:sign-in`: sign-in latency through the local gateway, median of 20, for a user with a password
 * only and a user with two-factor sign-in (password step + code step, as the browser sends them; the time
 * to type the code is not counted). The stack runs in this process, so the bench moves its clock 30 s ahead
 * before each code (a code is accepted once per 30-second step).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { clock, setClock } from '../../functions/lib/clock';
import { TOTP as TOTP_RULES } from '../../shared/constants';
import { startLocalStack } from '../local/stack';
import { report, SECTION } from './report';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'error';

const RUNS = Number(process.argv[2] ?? 20);
const PLAIN = { email: 'plain@example.com', password: 'Bench-Pass-1', name: 'Plain' };
const TWO_FACTOR = { email: 'totp@example.com', password: 'Bench-Pass-2', name: 'Two factor' };

const scratch = mkdtempSync(join(tmpdir(), 'admin-portal-bench-'));
const stack = await startLocalStack({ port: 0, scratchDir: join(scratch, 's3'), seedUsers: [PLAIN, TWO_FACTOR] });

interface Answer {
  status: number;
  data: Record<string, unknown>;
  cookies: string[];
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${stack.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await res.json()) as { data: Record<string, unknown>; message?: { msg: string } };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message?.msg}`);
  return { status: res.status, data: json.data, cookies: res.headers.getSetCookie() };
}

const deviceOf = (answer: Answer) => answer.cookies.find((c) => c.startsWith('device='))?.split(';')[0] ?? '';

let offset = 0;
setClock(() => Date.now() + offset);
const codeNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: TOTP_RULES.digits, period: TOTP_RULES.periodSeconds }).generate(
    { timestamp: clock.now() },
  );

// Enrol the second user, as Profile does.
const first = await post('/auth/login', { email: TWO_FACTOR.email, password: TWO_FACTOR.password });
const auth = { authorization: `Bearer ${first.data.token}` };
const setup = await post('/auth/two-factor/setup', {}, auth);
const secret = String(setup.data.secret);
// Turning it on sets the device cookie that browser signs in with from then on.
const enabled = await post('/auth/two-factor/enable', { code: codeNow(secret), password: TWO_FACTOR.password }, auth);
const twoFactorDevice = deviceOf(enabled);
const plainDevice = deviceOf(await post('/auth/login', { email: PLAIN.email, password: PLAIN.password }));

const timed = async (fn: () => Promise<void>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

const plain: number[] = [];
const withCode: number[] = [];
const codeStepOnly: number[] = [];
for (let i = 0; i < RUNS; i++) {
  plain.push(
    await timed(async () => {
      await post('/auth/login', { email: PLAIN.email, password: PLAIN.password }, { cookie: plainDevice });
    }),
  );
  offset += TOTP_RULES.periodSeconds * 1000;
  let challenge = '';
  const passwordStep = await timed(async () => {
    const answer = await post(
      '/auth/login',
      { email: TWO_FACTOR.email, password: TWO_FACTOR.password },
      { cookie: twoFactorDevice },
    );
    challenge = String(answer.data.challenge);
  });
  const code = codeNow(secret);
  const codeStep = await timed(async () => {
    await post('/auth/login/two-factor', { challenge, code }, { cookie: twoFactorDevice });
  });
  withCode.push(passwordStep + codeStep);
  codeStepOnly.push(codeStep);
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (k: number) => sorted[k] ?? Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
  return `${median.toFixed(1)} ms | ${at(0).toFixed(1)} ms | ${at(sorted.length - 1).toFixed(1)} ms`;
};
report(SECTION.signIn, [
  `Sign-in through the local gateway, ${RUNS} runs each (bcrypt cost 12)`,
  '',
  '| sign-in | median | min | max |',
  '|---|---|---|---|',
  `| password only (one request) | ${stats(plain)} |`,
  `| password + TOTP code (two requests) | ${stats(withCode)} |`,
  `| of which the code step | ${stats(codeStepOnly)} |`,
]);

await stack.stop();
rmSync(scratch, { recursive: true, force: true });
