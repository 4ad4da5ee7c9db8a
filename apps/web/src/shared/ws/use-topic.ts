import type { WsPush } from '@exchange/contract';
import { useEffect, useEffectEvent } from 'react';
import { subscribe } from './socket';

/** Subscribes while mounted (and while `topic` is not null); resubscribes when the topic changes. */
export function useTopic(topic: string | null, handler: (push: WsPush) => void): void {
  const onPush = useEffectEvent(handler);
  useEffect(() => {
    if (topic === null) return;
    return subscribe(topic, (push) => onPush(push));
  }, [topic]);
}
