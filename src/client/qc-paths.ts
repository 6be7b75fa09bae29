// The QC API's paths, apart from the client (qc.ts) so that the page's first script can
// build the queue's URL without zod (src/app/first-visit/first-screen.ts).

export const QC_BASE = '/api/qc/v2/qc';
export const QC_REQUESTS = `${QC_BASE}/requests`;
