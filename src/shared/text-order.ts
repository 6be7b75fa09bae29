/**
 * Text in the reader's order, as `a.localeCompare(b)` puts it, from one collator: each
 * `localeCompare` call sets up the locale's rules again, and the team's figures sort some
 * thousands of names per load (most of the team view's time, measured).
 */
export const byText: (a: string, b: string) => number = new Intl.Collator().compare;
