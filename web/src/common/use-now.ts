import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, for things that change by the clock alone (the Late badge). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
