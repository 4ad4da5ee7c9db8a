import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_ACCEPT } from '@exchange/contract';
import { Button, Image } from 'antd';
import { useRef, useState } from 'react';
import { useImageUpload } from '../api/upload';
import { useTranslation } from '../i18n/translation';
import { checkImageFile } from './image-file';
import styles from './screenshot-picker.module.css';
import { toastError } from './toast';
import { useObjectUrl } from './use-object-url';

/** The uploaded screenshot: its url for the report, and the picked file for the preview. */
export interface Screenshot {
  url: string;
  file: File;
}

interface Props {
  id: string;
  value: Screenshot | null;
  onChange: (value: Screenshot | null) => void;
  /** Names the parts for the tests: `<testId>-input`, `-pick`, `-preview`, `-remove`. */
  testId?: string;
}

/**
 * Picks the transfer's screenshot and uploads it at once (common/image_upload), so the report only
 * carries its url. The preview is the picked file itself; a click shows it large. (A crypto
 * deposit report and a VND transfer's proof.)
 */
export function ScreenshotPicker({ id, value, onChange, testId = 'deposit-image' }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload();
  const preview = useObjectUrl(value?.file);
  const [picking, setPicking] = useState(false);

  async function pick(file: File | undefined) {
    // The same file may be picked again after a failure or a removal.
    if (input.current) input.current.value = '';
    if (!file || upload.isPending) return;
    const problem = checkImageFile(file);
    if (problem) return toastError(t(problem.key, problem.params));
    setPicking(true);
    try {
      const { url } = await upload.mutateAsync(file);
      onChange({ url, file });
    } catch {
      // The api client has said why (type, size, session).
    } finally {
      setPicking(false);
    }
  }

  const choose = () => input.current?.click();
  return (
    <div className={styles.picker}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        className={styles.input}
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid={`${testId}-input`}
      />
      {value && preview ? (
        <div className={styles.chosen} data-testid={testId}>
          <span className={styles.thumbBox} data-testid={`${testId}-preview`}>
            <Image
              src={preview}
              alt={t('assets.deposit.screenshotAlt')}
              width={96}
              height={96}
              className={styles.thumb}
            />
          </span>
          <div className={styles.side}>
            <span className={styles.name} title={value.file.name}>
              {value.file.name}
            </span>
            <span className={styles.actions}>
              <Button size="small" onClick={choose} loading={picking}>
                {t('assets.deposit.screenshotChange')}
              </Button>
              <Button
                size="small"
                type="link"
                danger
                onClick={() => onChange(null)}
                data-testid={`${testId}-remove`}
              >
                {t('assets.deposit.screenshotRemove')}
              </Button>
            </span>
          </div>
        </div>
      ) : (
        <Button
          icon={<UploadOutlined />}
          onClick={choose}
          loading={picking}
          data-testid={`${testId}-pick`}
        >
          {t('assets.deposit.screenshotPick')}
        </Button>
      )}
    </div>
  );
}
