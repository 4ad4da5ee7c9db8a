import type { PayMethodCode, PayMethodRaw } from '@exchange/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { usePayMethodSave } from '../api/collection-methods';
import {
  COLLECTION_FIELDS,
  collectionFormOf,
  collectionRawData,
  validateCollection,
  type CollectionField,
  type CollectionForm,
} from '../lib/collection-form';
import styles from './collection.module.css';
import { PhotoUpload } from './photo-upload';
import { focusField } from './photo-upload-focus';

/** Each field's label and placeholder keys, per type where they differ. */
function textsOf(code: PayMethodCode, field: CollectionField): { label: string; hint: string } {
  if (field === 'qrcode')
    return { label: `payee.${code}.qrcode`, hint: `payee.${code}.qrcodeHint` };
  if (field === 'account') {
    return { label: `payee.${code}.account`, hint: `payee.${code}.accountPlaceholder` };
  }
  return { label: `payee.field.${field}`, hint: `payee.field.${field}Placeholder` };
}

const MAX_LENGTH: Partial<Record<CollectionField, number>> = {
  real_name: 60,
  account: 100,
  bank_name: 100,
  bank_address: 200,
  card_no: 40,
};

const inputId = (field: CollectionField) => `payee-${field}`;

/**
 * The form of one receiving method (spec 3 screen 5), filled with the saved one: Alipay and
 * WeChat take the real name, the account and a QR code; a bank the real name, the bank, its
 * branch and the account number. Saving replaces the saved method of the type.
 */
export function CollectionForm({
  code,
  type,
  saved,
}: {
  code: PayMethodCode;
  type: number;
  saved: PayMethodRaw | null;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CollectionForm>(() => collectionFormOf(saved));
  const save = usePayMethodSave();
  const set = (field: CollectionField) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));

  async function send() {
    if (save.isPending) return;
    const problem = validateCollection(code, form);
    if (problem) {
      toastError(t(problem.key), 'payee-form');
      focusField(inputId(problem.field));
      return;
    }
    try {
      await save.mutateAsync({ type, raw_data: collectionRawData(code, form) });
    } catch {
      return; // The api client has said why.
    }
    toastSuccess(t('payee.saved'));
  }

  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={() => void send()}
      className={styles.form}
      data-testid={`payee-form-${code}`}
    >
      {COLLECTION_FIELDS[code].map((field) => {
        const texts = textsOf(code, field);
        if (field === 'qrcode') {
          return (
            <Form.Item
              key={field}
              label={t(texts.label)}
              htmlFor={inputId(field)}
              extra={t(texts.hint)}
            >
              <PhotoUpload
                id={inputId(field)}
                label={t(texts.label)}
                value={form.qrcode}
                onChange={set('qrcode')}
                shape="square"
                testId="payee-qrcode"
              />
            </Form.Item>
          );
        }
        return (
          <Form.Item key={field} label={t(texts.label)} htmlFor={inputId(field)}>
            <Input
              id={inputId(field)}
              value={form[field]}
              onChange={(e) => set(field)(e.target.value)}
              placeholder={t(texts.hint)}
              autoComplete={field === 'real_name' ? 'name' : 'off'}
              inputMode={field === 'card_no' ? 'numeric' : undefined}
              maxLength={MAX_LENGTH[field]}
              data-testid={`payee-${field.replace('_', '-')}`}
            />
          </Form.Item>
        );
      })}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={save.isPending}
        className={styles.submit}
        data-testid="payee-save"
      >
        {t('payee.save')}
      </Button>
    </Form>
  );
}
