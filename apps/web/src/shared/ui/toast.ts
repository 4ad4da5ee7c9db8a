import { SUCCESS_TOAST_S } from '@exchange/contract';
import { message as staticMessage } from 'antd';

type MessageApi = ReturnType<typeof staticMessage.useMessage>[0];

/** The themed message API registered by <MessageBridge>; antd's static one until then. */
let messageApi: MessageApi = staticMessage;

export function setMessageApi(api: MessageApi): void {
  messageApi = api;
}

/** Success toasts stay 1 s (spec 1 §8). */
export function toastSuccess(text: string): void {
  void messageApi.success(text, SUCCESS_TOAST_S);
}

/** An error toast; toasts sharing a `key` replace each other instead of stacking. */
export function toastError(text: string, key?: string): void {
  void messageApi.error(key ? { content: text, key } : text);
}

export function toastWarning(text: string, key?: string): void {
  void messageApi.warning(key ? { content: text, key } : text);
}
