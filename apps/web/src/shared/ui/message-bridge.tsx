import { App } from 'antd';
import { useEffect } from 'react';
import { setMessageApi } from './toast';

/** Hands antd's themed message API to code outside React (api client, forms). */
export function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}
