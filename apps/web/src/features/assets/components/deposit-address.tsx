import type { AssetCurrency, Wallet } from '@exchange/contract';
import { QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import styles from './charge.module.css';
import { CopyField } from './copy-field';

/** QR codes are drawn 200 px wide. */
const QR_SIZE = 200;

/**
 * One chain's deposit address (spec 2 §2, charge panel): the address and the memo when there is
 * one, each with a copy button, a QR code on demand, and the reminders.
 */
export function DepositAddress({ currency, wallet }: { currency: AssetCurrency; wallet: Wallet }) {
  const { t } = useTranslation();
  const [qrShown, setQrShown] = useState(false);
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
        <div className={styles.qr} data-testid="deposit-qr">
          <QRCodeSVG
            value={wallet.address}
            size={QR_SIZE}
            title={t('assets.charge.qrTitle', { coin: currency.code, chain })}
          />
        </div>
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
