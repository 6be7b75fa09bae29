// What the other QC sub-features use of the second review: they import it from here only
// (eslint.config.js).
export { useSamplesTab } from './use-samples-tab.ts';
