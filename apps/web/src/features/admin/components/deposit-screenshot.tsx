import { ZoomInOutlined } from '@ant-design/icons';
import { Image, Spin } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useObjectUrl } from '../../../shared/ui/use-object-url';
import { useUploadPicture } from '../../../shared/api/upload';
import styles from './review-cells.module.css';
import own from './deposit-screenshot.module.css';

/**
 * The transfer screenshot of a deposit report: a square thumbnail in the list, the whole picture
 * (tall phone screenshots too) in the dialog; a click opens it full size.
 */
export function DepositScreenshot({
  url,
  id,
  large = false,
}: {
  url: string;
  id: number;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const { name, query } = useUploadPicture(url);
  const src = useObjectUrl(query.data);
  if (name === null) return <span className={styles.muted}>{t('admin.screenshot.none')}</span>;
  if (query.isError)
    return (
      <span className={styles.muted} data-testid="deposit-screenshot-error">
        {t('admin.screenshot.unavailable')}
      </span>
    );
  if (!src) return <Spin size="small" />;
  // The test id is on a wrapper: antd puts unknown props on its own box, not on the <img>.
  return (
    <span className={own.screenshot} data-testid="deposit-screenshot">
      <Image
        src={src}
        alt={t('admin.screenshot.alt', { id })}
        width={large ? undefined : 56}
        height={large ? undefined : 56}
        rootClassName={large ? own.wholeBox : undefined}
        className={large ? own.whole : own.thumb}
        preview={{ cover: <ZoomInOutlined aria-label={t('admin.screenshot.open')} /> }}
      />
    </span>
  );
}
