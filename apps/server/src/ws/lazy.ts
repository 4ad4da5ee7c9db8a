/**
 * Gives `fields` a `data` built on its first read and kept. The hub reads a push's data only when
 * a connected client is to receive it, so a push nobody listens to is never formatted. `data` is
 * an enumerable own property (a getter), so JSON.stringify — and a bus that serializes its
 * payloads — sees it like any other field.
 *
 * `make` runs later than the publication, if at all: it must read only values fixed at that
 * point (copies taken for the commit, not live objects that keep changing).
 */
export function withLazyData<T extends object, D>(fields: T, make: () => D): T & { data: D } {
  let made = false;
  let data: D;
  return Object.defineProperty(fields, 'data', {
    enumerable: true,
    get() {
      if (!made) {
        data = make();
        made = true;
      }
      return data;
    },
  }) as T & { data: D };
}
