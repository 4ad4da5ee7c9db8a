import { ZoomInOutlined } from '@ant-design/icons';
import type { IdentityRow } from '@exchange/contract';
import { Image, Spin } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { useObjectUrl } from '../../../shared/ui/use-object-url';
import { useUploadPicture } from '../../../shared/api/upload';
import styles from './identity-photos.module.css';

/** The three photos of a submission, in the order the user took them. */
const SIDES = [
  { field: 'front_pic', key: 'front' },
  { field: 'reverse_pic', key: 'back' },
  { field: 'hand_pic', key: 'hand' },
] as const;

type Photos = Pick<IdentityRow, 'front_pic' | 'reverse_pic' | 'hand_pic'>;

/**
 * The ID card's front and back and the photo holding it, side by side: small in the list, larger
 * in the dialogs. Each is read with the operator's Authorization header (uploads are private) and
 * shown as a blob url, as the deposit screenshots are; a click opens it full size, and the preview
 * steps through the three.
 */
export function IdentityPhotos({ photos, large = false }: { photos: Photos; large?: boolean }) {
  return (
    <Image.PreviewGroup>
      <div className={large ? styles.large : styles.row} data-testid="identity-photos">
        {SIDES.map((side) => (
          <IdentityPhoto key={side.key} url={photos[side.field]} side={side.key} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

function IdentityPhoto({ url, side }: { url: string; side: (typeof SIDES)[number]['key'] }) {
  const { t } = useTranslation();
  const { name, query } = useUploadPicture(url);
  const src = useObjectUrl(query.data);
  const label = t(`admin.kyc.photo.${side}`);
  let picture;
  if (name === null || query.isError) {
    picture = (
      <span className={styles.missing} data-testid="identity-photo-missing">
        {t(name === null ? 'admin.kyc.photo.none' : 'admin.kyc.photo.unavailable')}
      </span>
    );
  } else if (!src) {
    picture = (
      <span className={styles.missing}>
        <Spin size="small" />
      </span>
    );
  } else {
    // antd puts unknown props on its own box, not on the <img>: the test id is on the figure.
    picture = (
      <Image
        src={src}
        alt={label}
        rootClassName={styles.imageBox}
        className={styles.image}
        preview={{ cover: <ZoomInOutlined aria-label={t('admin.kyc.photo.open')} /> }}
      />
    );
  }
  return (
    <figure className={styles.photo} data-testid={`identity-photo-${side}`}>
      {picture}
      <figcaption className={styles.caption}>{label}</figcaption>
    </figure>
  );
}
