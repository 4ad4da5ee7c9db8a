import { type ErrorKey, LIMITS, UPLOAD_ACCEPT, UPLOAD_MAX_MB } from '@exchange/contract';

/**
 * A picked file before it is sent, by what the browser says of it: a quick answer for a wrong
 * choice. The server decides by the bytes.
 */
export function checkImageFile(file: {
  type: string;
  size: number;
}): { key: ErrorKey; params?: Record<string, number> } | null {
  if (file.size === 0) return { key: 'upload.p_file' };
  // An empty type (a system that does not know the extension) is left to the server.
  if (file.type && !UPLOAD_ACCEPT.split(',').includes(file.type)) return { key: 'upload.type' };
  if (file.size > LIMITS.uploadMaxBytes)
    return { key: 'upload.too_large', params: { max_mb: UPLOAD_MAX_MB } };
  return null;
}
