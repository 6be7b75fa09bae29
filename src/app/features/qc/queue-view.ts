import { z } from '../../../contract/zod.ts';
import { UuidSchema } from '../../../contract/common.ts';
import { QcRequestStatusSchema } from '../../../contract/qc.ts';

// The queue's view: which requests, in which order, as the URL says it
// (`/qc?status=pending&order=oldest&process=…`) and as the cache keys it.

/** A queue view: which requests, in which order. Invalid values fall back to the defaults. */
export const QueueFiltersSchema = z.object({
  status: z.catch(QcRequestStatusSchema, 'pending'),
  processId: z.catch(z.optional(UuidSchema), undefined),
  checklistId: z.catch(z.optional(UuidSchema), undefined),
  firmId: z.catch(z.optional(UuidSchema), undefined),
  order: z.catch(z.enum(['oldest', 'newest']), 'oldest'),
});
export type QueueFilters = z.infer<typeof QueueFiltersSchema>;
export type QueueOrder = QueueFilters['order'];
/** The filters that narrow every tab alike (the counts depend on these only). */
export type QueueScope = Pick<QueueFilters, 'processId' | 'checklistId' | 'firmId'>;
export const QueueScopeSchema = z.pick(QueueFiltersSchema, {
  processId: true,
  checklistId: true,
  firmId: true,
});

/** Same view, same key: absent filters are left out rather than kept as undefined. */
export const scopeOf = ({ processId, checklistId, firmId }: QueueScope): QueueScope => ({
  ...(processId ? { processId } : {}),
  ...(checklistId ? { checklistId } : {}),
  ...(firmId ? { firmId } : {}),
});
export const normalize = (filters: QueueFilters): QueueFilters => ({
  status: filters.status,
  order: filters.order,
  ...scopeOf(filters),
});

/** The view a URL's search names (`status`, `process`, `checklist`, `firm`, `order`). */
export function filtersFromSearch(params: URLSearchParams): QueueFilters {
  return QueueFiltersSchema.parse({
    status: params.get('status') ?? undefined,
    processId: params.get('process') || undefined,
    checklistId: params.get('checklist') || undefined,
    firmId: params.get('firm') || undefined,
    order: params.get('order') ?? undefined,
  });
}

/** The search string (no `?`) for a view; the same view always gives the same string. */
export function filtersToSearch(filters: QueueFilters): string {
  const params = new URLSearchParams({ status: filters.status, order: filters.order });
  if (filters.processId) params.set('process', filters.processId);
  if (filters.checklistId) params.set('checklist', filters.checklistId);
  if (filters.firmId) params.set('firm', filters.firmId);
  return params.toString();
}
