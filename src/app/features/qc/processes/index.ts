// What the other QC sub-features use of the processes' settings: they import it from here
// only (eslint.config.js).
export { settingsQuery } from './settings.queries.ts';
