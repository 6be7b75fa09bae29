import { z } from './zod.ts';

// A member of a QC team as the gateway names one (ADR 020): apart from team.ts so that both
// the team's history and its findings (findings.ts, which the history carries) can name one.

/** Who has a hold, made a decision or raised a finding: the session's user, or its client. */
export const TeamMemberSchema = z.object({ id: z.string(), name: z.string() });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** The member id of a session: its user's id, or `client:<id>` for a client without a user. */
export function memberIdOf(session: { clientId: string; user: { id: string } | null }): string {
  return session.user?.id ?? `client:${session.clientId}`;
}
