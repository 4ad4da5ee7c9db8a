import { useEffect, useState } from 'react';

/**
 * A `blob:` url of a picture held in memory (a picked file, or one fetched with the session's
 * Authorization header, which an <img src> cannot send). Revoked when the blob changes or the
 * component goes, so the memory is given back.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
