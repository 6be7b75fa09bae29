// What the other QC sub-features use of the review: they import it from here only
// (eslint.config.js).
export { CheckHead, ChecklistGroups, Verdicts } from './checklist-groups.tsx';
export { draftStore, EMPTY_DRAFT, type ItemDraft, type ReviewDraft } from './draft-store.ts';
export { useSavingIds } from './outbox/use-outbox.ts';
export { reviewScreen } from './review-screen.ts';
