import { queryClient } from '../api/query-client';
import { useSession } from '../store/session';
import { invalidateSnapshots } from './reconnect';
import { createSocketClient, type PushHandler } from './socket-client';

export type { PushHandler } from './socket-client';

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/ws`;
}

/** The app's one WebSocket; it connects on the first subscription. */
export const socket = createSocketClient({
  url: socketUrl,
  getToken: () => useSession.getState().token,
  // Pushes sent while the socket was down were missed: reload what they keep live.
  onReconnect: () => void invalidateSnapshots(queryClient),
});

useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) socket.refreshLogin();
});

/** Listen to a topic (`DAY_MARKET`, `MARKET_DEPTH.BTC/USDT`, `TX_MATCHED` …); returns the unsubscribe. */
export function subscribe(topic: string, handler: PushHandler): () => void {
  return socket.subscribe(topic, handler);
}
