// What other features use of signatures, listed in one place (eslint.config.js lets a feature
// import another only through its index.ts): the wet-ink scan upload, which a finding's page
// uses to cure a wet-ink finding with a rescan (ADR 029).
export { WetInkPanel } from './wet-ink/wet-ink-panel.tsx';
