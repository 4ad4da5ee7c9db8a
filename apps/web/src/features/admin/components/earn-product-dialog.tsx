import {
  ACCOUNT_TYPES,
  LANGUAGE_NAMES,
  LANGUAGES,
  type EarnProductAdmin,
  type Lang,
} from '@exchange/contract';
import { Collapse, Form, Input, Select } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useNumberFormat } from '../../../shared/format/use-number-format';
import { useEarnCreate, useEarnCurrencies, useEarnUpdate } from '../api/earn';
import {
  checkDays,
  checkLimit,
  checkName,
  checkNotBelow,
  checkRatePercent,
  checkSaleWindow,
  checkYield,
  MAX_NAME,
  MAX_YIELD,
  productTerms,
  productValues,
  quotaInterest,
  type EarnProblem,
  type ProductValues,
} from '../lib/earn-input';
import { FormDialog, useProblemRule } from './form-dialog';
import styles from './form-dialog.module.css';
import earnStyles from './earn-dialog.module.css';

/** The languages besides English, whose texts are optional (English shows where one is missing). */
const OTHER_LANGUAGES = LANGUAGES.filter((lang): lang is Exclude<Lang, 'en'> => lang !== 'en');

/**
 * A new earning product, or the terms of one nobody has subscribed to yet: its currency, name
 * and yield source in each language (English required), term, annual rate in percent, limits
 * and quota. Mounted only while open.
 */
export function EarnProductDialog({
  product,
  onClose,
}: {
  product?: EarnProductAdmin;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [form] = Form.useForm<ProductValues>();
  const create = useEarnCreate();
  const update = useEarnUpdate();
  const pending = create.isPending || update.isPending;
  const accounts = useEarnCurrencies();
  const currencies = (
    accounts.data?.find((g) => g.account_type_id === ACCOUNT_TYPES.financial)?.accounts ?? []
  ).map((a) => ({ id: a.currency_id, code: a.currency_code, decimals: a.currency.decimals }));
  // Editing a product whose currency the list has not answered yet: its own currency.
  if (product && !currencies.some((c) => c.id === product.currency_id)) {
    currencies.push({
      id: product.currency_id,
      code: product.currency_code,
      decimals: product.decimals,
    });
  }
  const currencyId = Form.useWatch('currency_id', form);
  const days = Form.useWatch('days', form);
  const rate = Form.useWatch('rate', form);
  const quota = Form.useWatch('quota', form);
  const currency = currencies.find((c) => c.id === currencyId);
  const decimals = currency?.decimals ?? null;
  const coin = currency?.code ?? '';
  const reserveNeeded = quotaInterest(
    { ...productValues(), days: days ?? '', rate: rate ?? '', quota: quota ?? '' },
    decimals,
  );

  const { rule, problem } = useProblemRule<EarnProblem>('earn', {
    decimals: String(decimals ?? ''),
    max: String(MAX_NAME),
  });

  async function submit(values: ProductValues) {
    const terms = productTerms(values);
    try {
      const saved = product
        ? await update.mutateAsync({ id: product.id, ...terms })
        : await create.mutateAsync(terms);
      toastSuccess(t(product ? 'admin.earn.saved' : 'admin.earn.created', { name: saved.name }));
      onClose();
    } catch {
      // The api client has shown the server's message; the dialog keeps the values.
    }
  }

  /** A limit of the terms, checked against the currency's decimals (and the smallest). */
  const limit = (
    name: 'min_number' | 'max_number' | 'max_per_user' | 'quota',
    notBelow?: 'minMax' | 'perUser' | 'quota',
  ) => (
    <Form.Item
      name={name}
      label={t(`admin.earn.field.${name}`)}
      dependencies={notBelow ? ['currency_id', 'min_number'] : ['currency_id']}
      className={styles.item}
      rules={[
        rule((text) => checkLimit(text, decimals)),
        ...(notBelow
          ? [
              ({ getFieldValue }: { getFieldValue: (name: string) => string | undefined }) => ({
                validator: (_: unknown, value: string | undefined) =>
                  checkNotBelow(value ?? '', getFieldValue('min_number') ?? '', notBelow)
                    ? Promise.reject(problem(notBelow))
                    : Promise.resolve(),
              }),
            ]
          : []),
      ]}
    >
      <Input
        autoComplete="off"
        inputMode="decimal"
        suffix={coin || undefined}
        data-testid={`earn-product-${name}`}
      />
    </Form.Item>
  );

  return (
    <FormDialog
      testId="earn-product"
      title={
        product ? t('admin.earn.editTitle', { name: product.name }) : t('admin.earn.createTitle')
      }
      save={t(product ? 'admin.earn.saveEdit' : 'admin.earn.saveCreate')}
      pending={pending}
      onSave={() => form.submit()}
      onClose={onClose}
      note={t('admin.earn.productText')}
      width={680}
    >
      <Form<ProductValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={productValues(product)}
        onFinish={(values) => void submit(values)}
        className={styles.grid}
        data-testid="earn-product"
      >
        <Form.Item
          name="currency_id"
          label={t('admin.earn.field.currency')}
          className={styles.item}
          rules={[
            {
              validator: (_: unknown, value: number | undefined) =>
                value === undefined ? Promise.reject(problem('currency')) : Promise.resolve(),
            },
          ]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            loading={accounts.isLoading}
            options={currencies.map((c) => ({ value: c.id, label: c.code }))}
            placeholder={t('admin.earn.field.currencyPlaceholder')}
            data-testid="earn-product-currency"
          />
        </Form.Item>
        <Form.Item
          name="days"
          label={t('admin.earn.field.days')}
          className={styles.item}
          rules={[rule(checkDays)]}
        >
          <Input autoComplete="off" inputMode="numeric" data-testid="earn-product-days" />
        </Form.Item>
        <Form.Item
          name={['names', 'en']}
          label={t('admin.earn.field.name', { lang: LANGUAGE_NAMES.en })}
          className={styles.wide}
          rules={[rule(checkName)]}
        >
          <Input maxLength={MAX_NAME} autoComplete="off" data-testid="earn-product-name-en" />
        </Form.Item>
        <Form.Item
          name={['yields', 'en']}
          label={t('admin.earn.field.yield', { lang: LANGUAGE_NAMES.en })}
          extra={t('admin.earn.yieldHelp')}
          className={styles.wide}
          rules={[rule(checkYield)]}
        >
          <Input.TextArea rows={2} maxLength={MAX_YIELD} data-testid="earn-product-yield-en" />
        </Form.Item>
        <Collapse
          className={`${styles.wide} ${earnStyles.languages}`}
          size="small"
          items={[
            {
              key: 'languages',
              forceRender: true,
              label: (
                <span data-testid="earn-product-languages">{t('admin.earn.otherLanguages')}</span>
              ),
              children: (
                <div className={earnStyles.languageGrid}>
                  {OTHER_LANGUAGES.map((lang) => (
                    <Fragment key={lang}>
                      <Form.Item
                        name={['names', lang]}
                        label={t('admin.earn.field.name', { lang: LANGUAGE_NAMES[lang] })}
                      >
                        <Input
                          maxLength={MAX_NAME}
                          autoComplete="off"
                          data-testid={`earn-product-name-${lang}`}
                        />
                      </Form.Item>
                      <Form.Item
                        name={['yields', lang]}
                        label={t('admin.earn.field.yieldShort', { lang: LANGUAGE_NAMES[lang] })}
                      >
                        <Input.TextArea
                          autoSize={{ minRows: 1, maxRows: 4 }}
                          maxLength={MAX_YIELD}
                          data-testid={`earn-product-yield-${lang}`}
                        />
                      </Form.Item>
                    </Fragment>
                  ))}
                </div>
              ),
            },
          ]}
        />
        <Form.Item
          name="rate"
          label={t('admin.earn.field.rate')}
          tooltip={t('admin.earn.rateHelp')}
          className={styles.item}
          rules={[rule(checkRatePercent)]}
        >
          <Input
            autoComplete="off"
            inputMode="decimal"
            suffix="%"
            data-testid="earn-product-rate"
          />
        </Form.Item>
        {limit('min_number')}
        {limit('max_number', 'minMax')}
        {limit('max_per_user', 'perUser')}
        {limit('quota', 'quota')}
        {(['sale_start', 'sale_end'] as const).map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`admin.earn.field.${name}`)}
            tooltip={t('admin.earn.saleHelp')}
            dependencies={name === 'sale_end' ? ['sale_start'] : []}
            className={styles.item}
            rules={[
              ({ getFieldValue }: { getFieldValue: (name: string) => string | undefined }) => ({
                validator: (_: unknown, value: string | undefined) => {
                  const start =
                    name === 'sale_start' ? (value ?? '') : (getFieldValue('sale_start') ?? '');
                  const end = name === 'sale_end' ? (value ?? '') : '';
                  const found = checkSaleWindow(start, end);
                  return found ? Promise.reject(problem(found)) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input type="datetime-local" data-testid={`earn-product-${name}`} />
          </Form.Item>
        ))}
        <p className={`${styles.wide} ${styles.note}`} data-testid="earn-product-reserve-needed">
          {reserveNeeded === null
            ? t('admin.earn.reserveHint')
            : t('admin.earn.reserveNeeded', { interest: format.amount(reserveNeeded), coin })}
        </p>
      </Form>
    </FormDialog>
  );
}
