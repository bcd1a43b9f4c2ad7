/**
 * A list's view choices a user keeps from visit to visit (rows per page, density), in this browser's localStorage
 * under the user's id: `list:<list>:<choice>:<user id>`. Kept in the browser rather than on the user's record: it
 * costs the API nothing (no write per click, no field on the user), and a phone and a desk screen keep choices of
 * their own (10 roomy rows on the phone, 50 compact ones at the desk), which is what a newsroom wants. Two people
 * sharing a browser keep theirs apart. Unreadable storage (private mode, quota) falls back to the default.
 */
import { useCallback, useState } from 'react';

export const preferenceKey = (list: string, choice: string, userId: string) => `list:${list}:${choice}:${userId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored choice, when it is one of `choices`; otherwise undefined. */
export function readPreference<V extends string | number>(key: string, choices: readonly V[]): V | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage()?.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null || raw === undefined) return undefined;
  return choices.find((choice) => String(choice) === raw);
}

export function writePreference(key: string, value: string | number): void {
  try {
    storage()?.setItem(key, String(value));
  } catch {
    // A choice that cannot be kept still applies to this visit.
  }
}

/**
 * One remembered choice of a list for the signed-in user: its value (the stored one, else `fallback`) and a setter
 * that stores it. Without a user id nothing is stored.
 */
export function useListPreference<V extends string | number>(
  list: string,
  choice: string,
  userId: string | undefined,
  choices: readonly V[],
  fallback: V,
): [V, (value: V) => void] {
  const key = userId ? preferenceKey(list, choice, userId) : undefined;
  const [state, setState] = useState<{ key: string | undefined; value: V }>(() => ({
    key,
    value: (key && readPreference(key, choices)) || fallback,
  }));
  // Another user signing in on this tab reads their own.
  const value = state.key === key ? state.value : (key && readPreference(key, choices)) || fallback;
  const set = useCallback(
    (next: V) => {
      if (key) writePreference(key, next);
      setState({ key, value: next });
    },
    [key],
  );
  return [value, set];
}
