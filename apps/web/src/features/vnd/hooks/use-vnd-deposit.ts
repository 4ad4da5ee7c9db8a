import { CALLS } from '@exchange/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { readKey, removeKey, writeKey } from '../../../shared/store/storage';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';
import { usePayOrder, type VndPayOrder } from '../api/pay-order';
import {
  isSavedOrderStale,
  parseSavedOrder,
  savedOrderOf,
  serializeSavedOrder,
  type SavedOrder,
} from '../lib/saved-order';

/** Why step 1 is shown again: the time ran out, or the order no longer awaits payment. */
export type ReturnNotice = 'expired' | 'gone' | null;

/** The stored order to restore, if any; anything corrupt or certainly over is discarded. */
function loadSaved(): SavedOrder | null {
  const raw = readKey(STORAGE_KEYS.vndOrder);
  const saved = parseSavedOrder(raw);
  if (saved === null || isSavedOrderStale(saved, Date.now())) {
    if (raw !== null) removeKey(STORAGE_KEYS.vndOrder);
    return null;
  }
  return saved;
}

export type DepositPhase =
  /** Step 1: the amount. */
  | { step: 'amount'; notice: ReturnNotice }
  /** A stored order is being read again (a reload in step 2). */
  | { step: 'restoring' }
  /** The stored order could not be read (network): retry, or start again. */
  | { step: 'unreadable'; retry: () => void }
  /** Step 2: the transfer, its proof, or the way back. */
  | { step: 'transfer'; order: VndPayOrder };

/**
 * The VND deposit's two steps (spec 3 §2): an order made in step 1 is stored and shown in step 2,
 * whose order is read again at once and every 10 s (wallet/infoPayOrder). A reload returns to
 * step 2 while the server still has the order awaiting payment; when it answers null (expired,
 * cancelled, submitted elsewhere) the page goes back to step 1, as on `reset`.
 */
export function useVndDeposit() {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SavedOrder | null>(loadSaved);
  // The order as created in this visit: step 2 shows it while its first read is on the way.
  const [created, setCreated] = useState<VndPayOrder | null>(null);
  const [notice, setNotice] = useState<ReturnNotice>(null);
  // Once its proof is sent the order no longer awaits payment: it stays on screen as it was, and
  // is not read again, until the page goes back to step 1.
  const [closed, setClosed] = useState<VndPayOrder | null>(null);
  const orderId = closed !== null ? null : (saved?.orderId ?? null);
  const info = usePayOrder(orderId);

  const reset = useCallback(
    (next: ReturnNotice) => {
      removeKey(STORAGE_KEYS.vndOrder);
      setSaved(null);
      setCreated(null);
      setClosed(null);
      setNotice(next);
      queryClient.removeQueries({ queryKey: [CALLS.infoPayOrder.path] });
    },
    [queryClient],
  );

  const start = useCallback((order: VndPayOrder) => {
    const next = savedOrderOf(order);
    writeKey(STORAGE_KEYS.vndOrder, serializeSavedOrder(next));
    setCreated(order);
    setSaved(next);
    setNotice(null);
  }, []);

  // The server no longer has the order awaiting payment.
  const gone = orderId !== null && info.isSuccess && info.data === null;
  useEffect(() => {
    if (gone) reset('gone');
  }, [gone, reset]);

  const order =
    closed ?? info.data ?? (created !== null && created.id === saved?.orderId ? created : null);
  let phase: DepositPhase;
  if (saved === null || gone) phase = { step: 'amount', notice };
  else if (order !== null) phase = { step: 'transfer', order };
  else if (info.isError) phase = { step: 'unreadable', retry: () => void info.refetch() };
  else phase = { step: 'restoring' };

  return {
    phase,
    /** Step 1 made an order: show step 2 and store it. */
    start,
    /** Back to step 1: the stored order is dropped. */
    reset,
    /** The proof was sent: the order stays shown, and is not read again, until `reset`. */
    close: setClosed,
    closed: closed !== null,
  };
}
