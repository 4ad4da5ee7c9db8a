import {
  CALLS,
  UPLOAD_PATH,
  uploadNameOf,
  type ImageUploadResult,
  type UploadBlob,
} from '@exchange/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../store/session';
import { ApiError } from './api-error';
import { request } from './client';

/**
 * common/image_upload: the picture as multipart/form-data, with the session's Authorization like
 * every call. Answers the upload's url.
 */
export function uploadImage(file: UploadBlob): Promise<ImageUploadResult> {
  return request(CALLS.imageUpload, { file });
}

/**
 * Uploads a picked file; the file itself is kept as the upload's picture, so showing it after the
 * upload reads nothing back.
 */
export function useImageUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: ({ url }, file) => {
      const name = uploadNameOf(url);
      if (name !== null && file instanceof Blob) {
        queryClient.setQueryData(uploadQuery(name).queryKey, file);
      }
    },
  });
}

/**
 * The picture of an upload, read with the session's Authorization header (an <img src> cannot
 * send one). Only our own `/api/upload/<name>` urls are ever fetched: the token must not go to
 * whatever address an answer carries.
 */
async function fetchUpload(name: string): Promise<Blob> {
  const token = useSession.getState().token;
  const response = await fetch(UPLOAD_PATH + name, {
    headers: token ? { Authorization: token } : {},
    cache: 'no-store',
  });
  if (!response.ok) throw new ApiError('common.not_found', response.statusText, response.status);
  return response.blob();
}

/**
 * Kept under the upload call's path so that signing out drops the pictures with every other
 * private answer (query-client.ts); an upload never changes, so it is not read again.
 */
export function uploadQuery(name: string) {
  return queryOptions({
    queryKey: [CALLS.imageUpload.path, name] as const,
    queryFn: () => fetchUpload(name),
    staleTime: Infinity,
    retry: false,
  });
}

/** The picture of an upload url: null name when the url is not one of ours. */
export function useUploadPicture(url: string | null) {
  const name = url ? uploadNameOf(url) : null;
  return {
    name,
    query: useQuery({ ...uploadQuery(name ?? ''), enabled: name !== null }),
  };
}
