// Formatting for the queue's rows: short, scannable, the same on every row.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** How long a request has waited, as a reviewer reads it at a glance: "45 min", "5 h", "3 d". */
export function age(since: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(since));
  if (elapsed < HOUR) return `${Math.max(1, Math.floor(elapsed / MINUTE))} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  return `${Math.floor(elapsed / DAY)} d`;
}

/** The same duration in words, for assistive technology ("3 days"). */
export function ageInWords(since: string, now: number = Date.now()): string {
  const [value = '0', unit] = age(since, now).split(' ');
  const words: Record<string, string> = { min: 'minute', h: 'hour', d: 'day' };
  const word = words[unit ?? 'd'] ?? 'day';
  return `${value} ${word}${value === '1' ? '' : 's'}`;
}

/** Role ids as people read them: "affiant", "notary" → "Affiant", "Notary"; each once. */
export function roleNames(actors: readonly { roleId: string }[]): string[] {
  const roles = [...new Set(actors.map((actor) => actor.roleId))];
  return roles.map((role) => role.charAt(0).toUpperCase() + role.slice(1).replace(/[-_]/g, ' '));
}
