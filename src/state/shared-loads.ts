/**
 * Loads under way by key: a caller asking for a key while its load is under way shares that load
 * instead of starting another, so a burst of requests for one missing entry reads its source once.
 */
export class SharedLoads<T> {
  private readonly pending = new Map<string, Promise<T>>();

  once(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = load().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }
}
