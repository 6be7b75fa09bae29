import type { Session } from '../../contract/session.ts';

/** Whether the session works against the staging service (ADR 015). */
export const isStaging = (session: Session | undefined) => session?.environment === 'staging';

/**
 * Across the top of every page of a staging session, in words and a striped band, so it
 * reads the same in either theme and without colour. Production shows nothing.
 */
export function EnvironmentBanner() {
  return (
    <section className="env-banner" aria-label="Environment">
      <svg className="env-banner__icon" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M7.5 2.5h5M8.5 2.5v5L4 15.2A1.5 1.5 0 0 0 5.3 17.5h9.4a1.5 1.5 0 0 0 1.3-2.3L11.5 7.5v-5" />
        <path d="M6.2 12.5h7.6" />
      </svg>
      <strong className="env-banner__label">Staging</strong>
      <span className="env-banner__text">
        You are signed in to the staging service. Nothing done here reaches production.
      </span>
    </section>
  );
}
