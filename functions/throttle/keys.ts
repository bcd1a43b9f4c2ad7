/**
 * Sign-in throttling counters (throttle/repo.ts), expiring through the table's TTL attribute: per (IP,
 * email), per email across all IPs, per IP the distinct emails failed from it, per device cookie; for
 * second-factor codes per sign-in challenge and the daily budgets (per user, per device); per user for password
 * re-entry.
 */
export const throttleKeys = {
  pair: (ip: string, email: string) => ({ pk: `LOGINFAIL#PAIR#${ip}#${email.toLowerCase()}`, sk: 'LOGINFAIL' }),
  email: (email: string) => ({ pk: `LOGINFAIL#EMAIL#${email.toLowerCase()}`, sk: 'LOGINFAIL' }),
  ipEmails: (ip: string) => ({ pk: `LOGINFAIL#IP#${ip}`, sk: 'LOGINFAIL' }),
  device: (deviceId: string) => ({ pk: `LOGINFAIL#DEVICE#${deviceId}`, sk: 'LOGINFAIL' }),
  challenge: (challengeId: string) => ({ pk: `LOGINFAIL#CHALLENGE#${challengeId}`, sk: 'LOGINFAIL' }),
  codes: (userId: string) => ({ pk: `LOGINFAIL#CODEDAY#${userId}`, sk: 'LOGINFAIL' }),
  deviceCodes: (deviceId: string) => ({ pk: `LOGINFAIL#CODEDAY#DEVICE#${deviceId}`, sk: 'LOGINFAIL' }),
  reentry: (userId: string) => ({ pk: `LOGINFAIL#REENTRY#${userId}`, sk: 'LOGINFAIL' }),
};
