/**
 * `load` (a dynamic import of code a page needs only once it is used: issue 27) run once:
 * later calls share its download, and a failed download is tried again by the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let download: Promise<T> | undefined;
  return () =>
    (download ??= load().catch((error: unknown) => {
      download = undefined;
      throw error;
    }));
}
