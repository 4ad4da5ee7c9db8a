import { isPushOnTopic, type PushTopic, type TopicPush } from '@exchange/contract';
import { useEffect, useEffectEvent } from 'react';
import { subscribe } from './socket';

/**
 * Subscribes while mounted (and while `topic` is not null); resubscribes when the topic changes.
 * The handler receives the push typed by its topic (`MARKET_DEPTH.${symbol}` → a depth snapshot):
 * the socket client only dispatches pushes whose data parsed with the topic's schema.
 */
export function useTopic<T extends PushTopic>(
  topic: T | null,
  handler: (push: TopicPush<T>) => void,
): void {
  const onPush = useEffectEvent(handler);
  useEffect(() => {
    if (topic === null) return;
    return subscribe(topic, (push) => {
      if (isPushOnTopic(push, topic)) onPush(push);
    });
  }, [topic]);
}
