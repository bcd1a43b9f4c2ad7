/** Failed sign-in counters, per email and per client IP, expiring through the table's TTL attribute. */
export const failedLoginsByEmail = (email: string) => ({
  pk: `LOGINFAIL#EMAIL#${email.toLowerCase()}`,
  sk: 'LOGINFAIL',
});
export const failedLoginsByIp = (ip: string) => ({ pk: `LOGINFAIL#IP#${ip}`, sk: 'LOGINFAIL' });
