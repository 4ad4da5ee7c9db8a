import { CALLS, type ImageUploadResult, type UploadBlob } from '@exchange/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/client';

/**
 * common/image_upload: the picture as multipart/form-data, with the session's Authorization like
 * every call. Answers the url to send as `imgUrl`.
 */
export function uploadImage(file: UploadBlob): Promise<ImageUploadResult> {
  return request(CALLS.imageUpload, { file });
}

export function useImageUpload() {
  return useMutation({ mutationFn: uploadImage });
}
