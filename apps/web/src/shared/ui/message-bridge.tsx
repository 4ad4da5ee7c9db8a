import { message } from 'antd';
import { useEffect } from 'react';
import { setMessageApi } from './toast';

/**
 * Hands antd's themed message API to code outside React (api client, forms); renders its holder.
 * (Not antd's <App>: that would also put its modal and notification code in the entry.)
 */
export function MessageBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => setMessageApi(api), [api]);
  return holder;
}
