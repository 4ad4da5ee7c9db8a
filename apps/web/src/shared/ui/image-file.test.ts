import { describe, expect, it } from 'vitest';
import { checkImageFile } from './image-file';

describe('a picked image', () => {
  const MB = 1024 * 1024;

  it('is a JPEG, PNG or WebP of at most 5 MB, as far as the browser can tell', () => {
    expect(checkImageFile({ type: 'image/png', size: 2 * MB })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * MB })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 1 })).toBeNull();
    expect(checkImageFile({ type: '', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/svg+xml', size: 100 })).toEqual({ key: 'upload.type' });
    expect(checkImageFile({ type: 'application/pdf', size: 100 })).toEqual({ key: 'upload.type' });
    expect(checkImageFile({ type: 'image/png', size: 5 * MB + 1 })).toEqual({
      key: 'upload.too_large',
      params: { max_mb: 5 },
    });
    expect(checkImageFile({ type: 'image/png', size: 0 })).toEqual({ key: 'upload.p_file' });
  });
});
