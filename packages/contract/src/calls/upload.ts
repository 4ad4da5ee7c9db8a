import { z } from 'zod';
import { defineCall } from '../call.js';
import { LIMITS } from '../constants.js';

/** The multipart field that carries the image. */
export const UPLOAD_FIELD = 'file';
/** Types the file picker offers; the server decides by the bytes, not by this. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';
/** The size limit in whole megabytes, as the error messages say it. */
export const UPLOAD_MAX_MB = LIMITS.uploadMaxBytes / (1024 * 1024);
/** Where an upload is read back: GET with the owner's or an operator's Authorization. */
export const UPLOAD_PATH = '/api/upload/';

/**
 * An upload's url as common/image_upload answers it: 128 random bits in hex, so a url cannot be
 * guessed, and the extension of the type its bytes were found to be.
 */
const UPLOAD_URL = /^\/api\/upload\/([0-9a-f]{32}\.(?:jpg|png|webp))$/;

/** The stored name an upload url points at, or null when it is not one of ours. */
export function uploadNameOf(url: string): string | null {
  return UPLOAD_URL.exec(url)?.[1] ?? null;
}

/** A file as the browser's File and Blob have it (the contract is built without the DOM). */
export interface UploadBlob {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const uploadBlob = z.custom<UploadBlob>(
  (v) => typeof v === 'object' && v !== null && 'arrayBuffer' in v && 'size' in v,
  { message: 'upload.p_file' },
);

/** Sent as multipart/form-data: the route reads the part itself (no JSON schema applies). */
export const imageUploadRequest = z.object({ file: uploadBlob });
export const imageUploadResult = z.object({
  /** The upload's path below the site, for `imgUrl` of wallet/createPayOrder. */
  url: z.string(),
});
export type ImageUploadResult = z.infer<typeof imageUploadResult>;

export const uploadCalls = {
  imageUpload: defineCall({
    method: 'POST',
    path: 'common/image_upload',
    auth: 'user',
    tag: 'upload',
    summary:
      'Upload an image as multipart/form-data (field `file`): JPEG, PNG or WebP by its bytes, at most 5 MB. Metadata (EXIF, GPS, text chunks) is removed; the answer is a url only its owner and operators can read',
    request: imageUploadRequest,
    response: imageUploadResult,
  }),
};
