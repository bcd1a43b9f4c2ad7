/**
 * Sign-in throttling counters (throttle/repo.ts), expiring through the table's TTL attribute: per (IP,
 * email), per email across all IPs, per IP the distinct emails failed from it, per device cookie, and per user
 * for second-factor codes.
 */
export const throttleKeys = {
  pair: (ip: string, email: string) => ({ pk: `LOGINFAIL#PAIR#${ip}#${email.toLowerCase()}`, sk: 'LOGINFAIL' }),
  email: (email: string) => ({ pk: `LOGINFAIL#EMAIL#${email.toLowerCase()}`, sk: 'LOGINFAIL' }),
  ipEmails: (ip: string) => ({ pk: `LOGINFAIL#IP#${ip}`, sk: 'LOGINFAIL' }),
  device: (deviceId: string) => ({ pk: `LOGINFAIL#DEVICE#${deviceId}`, sk: 'LOGINFAIL' }),
  code: (userId: string) => ({ pk: `LOGINFAIL#CODE#${userId}`, sk: 'LOGINFAIL' }),
};
