import {
  CameraOutlined,
  DeleteOutlined,
  LoadingOutlined,
  SwapOutlined,
  ZoomInOutlined,
} from '@ant-design/icons';
import { UPLOAD_ACCEPT, UPLOAD_MAX_MB } from '@exchange/contract';
import { Button, Image, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useImageUpload, useUploadPicture } from '../../../shared/api/upload';
import { useTranslation } from '../../../shared/i18n/translation';
import { checkImageFile } from '../../../shared/ui/image-file';
import { toastError } from '../../../shared/ui/toast';
import { useObjectUrl } from '../../../shared/ui/use-object-url';
import styles from './photo-upload.module.css';

interface Props {
  /** The file input's id, for the field's label. */
  id: string;
  /** What the picture is (the alt text and the empty box's words). */
  label: string;
  /** The upload's url, '' when none is chosen. */
  value: string;
  onChange: (url: string) => void;
  /** An id card is wide, a QR code square. */
  shape?: 'card' | 'square';
  testId: string;
}

/**
 * One photo of a form: picked and uploaded at once (common/image_upload), so the form only carries
 * its url. A saved url is read back with the session's Authorization (an <img> cannot send it) and
 * shown from memory; a click shows it large. Replace picks another, remove empties the field.
 */
export function PhotoUpload({ id, label, value, onChange, shape = 'card', testId }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload();
  const [picking, setPicking] = useState(false);
  const { query } = useUploadPicture(value || null);
  const src = useObjectUrl(query.data);

  async function pick(file: File | undefined) {
    // The same file may be picked again after a failure or a removal.
    if (input.current) input.current.value = '';
    if (!file || picking) return;
    const problem = checkImageFile(file);
    if (problem) return toastError(t(problem.key, problem.params));
    setPicking(true);
    try {
      const { url } = await upload.mutateAsync(file);
      onChange(url);
    } catch {
      // The api client has said why (type, size, session).
    } finally {
      setPicking(false);
    }
  }

  const choose = () => input.current?.click();
  const frame = `${styles.frame} ${shape === 'square' ? styles.square : styles.card}`;
  return (
    <div className={styles.photo} data-testid={testId} data-state={value ? 'chosen' : 'empty'}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        className={styles.input}
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid={`${testId}-input`}
      />
      {value ? (
        <>
          <div className={frame} data-testid={`${testId}-preview`}>
            {src ? (
              <Image
                src={src}
                alt={label}
                rootClassName={styles.imageBox}
                className={styles.image}
                preview={{ cover: <ZoomInOutlined aria-label={t('kyc.photo.zoom')} /> }}
              />
            ) : query.isError ? (
              <span className={styles.note}>{t('kyc.photo.unavailable')}</span>
            ) : (
              <Spin />
            )}
            {picking && (
              <span className={styles.busy}>
                <Spin />
              </span>
            )}
          </div>
          <div className={styles.actions}>
            <Button
              size="small"
              icon={<SwapOutlined />}
              onClick={choose}
              disabled={picking}
              data-testid={`${testId}-replace`}
            >
              {t('kyc.photo.replace')}
            </Button>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onChange('')}
              disabled={picking}
              data-testid={`${testId}-remove`}
            >
              {t('kyc.photo.remove')}
            </Button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className={`${frame} ${styles.empty}`}
          onClick={choose}
          disabled={picking}
          aria-label={t('kyc.photo.pickNamed', { name: label })}
          data-testid={`${testId}-pick`}
        >
          {picking ? (
            <LoadingOutlined className={styles.icon} />
          ) : (
            <CameraOutlined className={styles.icon} />
          )}
          <span className={styles.pickText}>{t('kyc.photo.pick')}</span>
          <span className={styles.note}>{t('kyc.photo.rule', { max_mb: UPLOAD_MAX_MB })}</span>
        </button>
      )}
    </div>
  );
}
