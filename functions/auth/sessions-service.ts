/** The signed-in user's own sessions: list them, end one, end all others. */
import type { SessionsEnded, SessionView } from '../../shared/schemas/auth';
import { recordAudit } from '../audit/model';
import { clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { deleteSession, deleteSessions, listSessions, sessionAlive } from '../session/model';
import type { AuthUser } from '../user/auth-user';

export async function mySessions(actor: AuthUser): Promise<SessionView[]> {
  const now = clock.nowSeconds();
  return (await listSessions(actor._id))
    .filter((s) => sessionAlive(s, now) && s.tokenVersion === actor.record.tokenVersion)
    .map((s) => ({
      _id: s._id,
      device: s.device,
      ip: s.ip,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s._id === actor.session?._id,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

export async function endMySession(actor: AuthUser, sessionId: string, ip: string): Promise<null> {
  if (!(await deleteSession(actor._id, sessionId))) throw notFound('That session has already ended');
  await recordAudit({
    action: 'sessionEnded',
    actorId: actor._id,
    actorName: actor.name,
    ip,
    targetType: 'session',
    targetId: sessionId,
  });
  return null;
}

export async function endMyOtherSessions(actor: AuthUser, ip: string): Promise<SessionsEnded> {
  const ended = await deleteSessions(actor._id, actor.session?._id);
  await recordAudit({
    action: 'sessionsEnded',
    actorId: actor._id,
    actorName: actor.name,
    ip,
    note: `${ended} other session(s)`,
  });
  return { ended };
}
