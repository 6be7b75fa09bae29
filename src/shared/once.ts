/** `run`, acting the first time it is called only: a release its holder may call again. */
export function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    run();
  };
}
