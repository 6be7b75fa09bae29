// What the other QC sub-features use of the queue: they import it from here only
// (eslint.config.js).
export { rememberQueueSelection } from './queue-position.ts';
export { heldFor } from './queue-row.tsx';
export { QueueTabs, type SamplesTab } from './queue-tabs.tsx';
