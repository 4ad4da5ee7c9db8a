import type { Wallet } from '@exchange/contract';
import { QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { CopyField } from '../../../shared/ui/copy-field';
import { QrCode } from '../../../shared/ui/qr-code';
import styles from './charge.module.css';

/** QR codes are drawn 200 px wide. */
const QR_SIZE = 200;

/**
 * One chain's deposit address (spec 2 §2, charge panel; spec 3 deposit detail): the address and
 * the memo when there is one, each with a copy button, a QR code (on demand, or shown at once
 * with `qrOpen`), and the reminders.
 */
export function DepositAddress({
  currency,
  wallet,
  qrOpen = false,
}: {
  currency: { code: string };
  wallet: Wallet;
  qrOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [qrShown, setQrShown] = useState(qrOpen);
  const chain = wallet.chain_protocol.code;

  if (wallet.source === 'none' || wallet.address === '') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('assets.charge.notConfigured', { coin: currency.code, chain })}
        data-testid="deposit-not-configured"
      />
    );
  }

  return (
    <div className={styles.section}>
      <CopyField
        label={t('assets.charge.address')}
        value={wallet.address}
        testId="deposit-address"
      />
      {wallet.memo !== '' && (
        <CopyField label={t('assets.charge.memo')} value={wallet.memo} testId="deposit-memo" />
      )}
      <Button
        icon={<QrcodeOutlined />}
        onClick={() => setQrShown((v) => !v)}
        aria-expanded={qrShown}
        data-testid="deposit-qr-toggle"
      >
        {qrShown ? t('assets.charge.hideQr') : t('assets.charge.showQr')}
      </Button>
      {qrShown && (
        <QrCode
          value={wallet.address}
          size={QR_SIZE}
          title={t('assets.charge.qrTitle', { coin: currency.code, chain })}
          testId="deposit-qr"
        />
      )}
      <ul className={styles.tips} data-testid="deposit-tips">
        <li>{t('assets.charge.tipOnly', { coin: currency.code, chain })}</li>
        {wallet.memo !== '' && <li>{t('assets.charge.tipMemo')}</li>}
        <li>{t('assets.charge.tipReport')}</li>
        <li>{t('assets.charge.tipConfirm')}</li>
        <li>{t('assets.charge.tipMinimum')}</li>
      </ul>
    </div>
  );
}
