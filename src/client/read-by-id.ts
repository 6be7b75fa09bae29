import type { z } from '../contract/zod.ts';
import { seg, type CallOptions, type RequestFn } from './request.ts';

/**
 * The read of one record of the collection at `path`: GET `path/{id}` (the id one escaped
 * segment), the answer read with `schema`. What every area's `getX(id, opts)` is.
 */
export const readById =
  <S extends z.ZodMiniType>(request: RequestFn, path: string, schema: S) =>
  (id: string, opts: CallOptions = {}): Promise<z.output<S>> =>
    request('GET', `${path}/${seg(id)}`, { schema, ...opts });
