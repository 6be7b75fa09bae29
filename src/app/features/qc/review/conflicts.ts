// A decision someone else made first, kept per request until its screen shows it. It lives
// outside the screen because approve-and-next has already moved on when the 409 arrives: the
// reviewer is brought back, and the request's screen mounts afresh and reads it here.
const conflicts = new Map<string, string>();

export function noteConflict(id: string, text: string): void {
  conflicts.set(id, text);
}

export function conflictOf(id: string): string | null {
  return conflicts.get(id) ?? null;
}
