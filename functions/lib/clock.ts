/** The time the API works with: Date.now() in production; tests move it to drive session expiry. */
let nowMs: () => number = () => Date.now();

export const clock = {
  now: (): number => nowMs(),
  nowSeconds: (): number => Math.floor(nowMs() / 1000),
  iso: (): string => new Date(nowMs()).toISOString(),
};

/** For tests: replace the clock (pass undefined to go back to the real one). */
export function setClock(now: (() => number) | undefined): void {
  nowMs = now ?? (() => Date.now());
}
