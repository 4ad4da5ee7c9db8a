import { QRCodeSVG } from 'qrcode.react';
import styles from './qr-code.module.css';

interface Props {
  /** What a scanner reads: an address, or a VietQR payload. */
  value: string;
  /** The code's width and height in px. */
  size: number;
  /** The picture's accessible name. */
  title: string;
  testId: string;
}

/** A QR code on its own light quiet zone, so that it scans in the dark theme too. */
export function QrCode({ value, size, title, testId }: Props) {
  return (
    <div className={styles.qr} data-testid={testId} data-value={value}>
      <QRCodeSVG value={value} size={size} title={title} />
    </div>
  );
}
