import { expect } from 'vitest';
import { ApiError } from '../api-error.ts';

/** The ApiError a call fails with; fails the test if the call succeeds. */
export const rejection = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );
