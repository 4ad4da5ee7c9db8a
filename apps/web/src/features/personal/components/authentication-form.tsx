import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useIdentitySubmit } from '../api/authentication-center';
import {
  EMPTY_IDENTITY,
  identityRequest,
  validateIdentity,
  type IdentityField,
  type IdentityForm,
} from '../lib/authentication-form';
import { focusField } from './photo-upload-focus';
import { PhotoUpload } from './photo-upload';
import styles from './authentication.module.css';

const PHOTOS = [
  { field: 'front_pic', label: 'kyc.form.front', hint: 'kyc.form.frontHint', testId: 'kyc-front' },
  { field: 'reverse_pic', label: 'kyc.form.back', hint: 'kyc.form.backHint', testId: 'kyc-back' },
  { field: 'hand_pic', label: 'kyc.form.hand', hint: 'kyc.form.handHint', testId: 'kyc-hand' },
] as const;

const inputId = (field: IdentityField) => `kyc-${field}`;

/**
 * The identity form (spec 3 screen 6): the real name and id number, then the front and back of the
 * id card and a photo holding it, each uploaded as soon as it is picked. Checked top to bottom with
 * the server's own messages; a success shows the page's "in review" state.
 */
export function AuthenticationForm({ initialName }: { initialName: string }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<IdentityForm>({ ...EMPTY_IDENTITY, name: initialName });
  const submit = useIdentitySubmit();
  const set = (field: IdentityField) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));

  async function send() {
    if (submit.isPending) return;
    const problem = validateIdentity(form);
    if (problem) {
      toastError(t(problem.key), 'kyc-form');
      focusField(inputId(problem.field));
      return;
    }
    try {
      await submit.mutateAsync(identityRequest(form));
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t('kyc.form.submitted'));
  }

  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={() => void send()}
      className={styles.form}
      data-testid="kyc-form"
    >
      <h2 className={styles.section}>{t('kyc.form.details')}</h2>
      <div className={styles.fields}>
        <Form.Item label={t('kyc.form.name')} htmlFor={inputId('name')}>
          <Input
            id={inputId('name')}
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            placeholder={t('kyc.form.namePlaceholder')}
            autoComplete="name"
            maxLength={60}
            data-testid="kyc-name"
          />
        </Form.Item>
        <Form.Item
          label={t('kyc.form.cardId')}
          htmlFor={inputId('card_id')}
          extra={t('kyc.form.cardIdHint')}
        >
          <Input
            id={inputId('card_id')}
            value={form.card_id}
            onChange={(e) => set('card_id')(e.target.value)}
            placeholder={t('kyc.form.cardIdPlaceholder')}
            autoComplete="off"
            maxLength={40}
            data-testid="kyc-card-id"
          />
        </Form.Item>
      </div>
      <h2 className={styles.section}>{t('kyc.form.photos')}</h2>
      <p className={styles.tips}>{t('kyc.form.photoTips')}</p>
      <div className={styles.photos}>
        {PHOTOS.map((p) => (
          <Form.Item
            key={p.field}
            label={t(p.label)}
            htmlFor={inputId(p.field)}
            extra={t(p.hint)}
            className={styles.photoItem}
          >
            <PhotoUpload
              id={inputId(p.field)}
              label={t(p.label)}
              value={form[p.field]}
              onChange={set(p.field)}
              testId={p.testId}
            />
          </Form.Item>
        ))}
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={submit.isPending}
        className={styles.submit}
        data-testid="kyc-submit"
      >
        {t('kyc.form.submit')}
      </Button>
    </Form>
  );
}
