import { processWide } from './process-wide';

/** The time the API works with: Date.now() in production; tests move it to drive session expiry. */
const time = processWide('clock', () => ({ nowMs: () => Date.now() }));

export const clock = {
  now: (): number => time.nowMs(),
  nowSeconds: (): number => Math.floor(time.nowMs() / 1000),
  iso: (): string => new Date(time.nowMs()).toISOString(),
};

/** For tests: replace the clock (pass undefined to go back to the real one). */
export function setClock(now: (() => number) | undefined): void {
  time.nowMs = now ?? (() => Date.now());
}
