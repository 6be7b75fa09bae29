/**
 * Hands on `source`'s chunks one read at a time (backpressure holds), and lets the caller
 * decide what a failure of `source` becomes: `'close'` ends the relay as if `source` had
 * ended, `'error'` passes the failure on. Cancelling the relay cancels `source`.
 */
export function relay(
  source: ReadableStream<Uint8Array>,
  onError: (error: unknown) => 'close' | 'error',
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        if (onError(error) === 'close') controller.close();
        else controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
