import type { PrivateTopic, PushTopic, TopicPushOf } from '@exchange/contract';
import type { PublicPush, UserPush } from '../bus/bus.js';

/** `make`'s value, computed on the first call and kept. */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/**
 * Pushes whose data is built on its first read and kept. The hub reads a push's data only when a
 * connected client is to receive it, so a push nobody listens to is never formatted. `data` is an
 * enumerable own property (an accessor of the object literal), so JSON.stringify — and a bus that
 * serializes its payloads — sees it like any other field.
 *
 * `make` runs later than the publication, if at all: it must read only values fixed at that
 * point (copies taken for the commit, not live objects that keep changing).
 */
export function lazyPublicPush<T extends PushTopic>(
  topic: T,
  make: () => TopicPushOf<T>,
): PublicPush {
  const data = once(make);
  return {
    topic,
    get data() {
      return data();
    },
  };
}

/** A private push to one user, its data built on first read as above (typed by the contract). */
export function lazyUserPush<T extends PrivateTopic>(
  userId: number,
  topic: T,
  make: () => TopicPushOf<T>,
): UserPush {
  const data = once(make);
  return {
    userId,
    topic,
    get data() {
      return data();
    },
  };
}
