import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MicroSecondsOption } from '@exchange/contract';
import { Button, Form, Input, Switch, type FormInstance } from 'antd';
import { useTranslation } from '../../../shared/i18n/translation';
import { toastSuccess } from '../../../shared/api/client';
import { useMicroDefaults, useMicroPair } from '../api/micro';
import {
  changedPair,
  checkOptionList,
  checkProfitPercent,
  checkSeconds,
  MAX_OPTIONS,
  repeatsSeconds,
  rowsOf,
  sameOptions,
  toOptions,
  type MicroPairRow,
  type MicroProblem,
  type OptionRow,
} from '../lib/micro-input';
import { useOptionText } from './micro-option-text';
import { FormDialog, useProblemRule } from './form-dialog';
import dialog from './form-dialog.module.css';
import styles from './micro-dialog.module.css';

interface Values {
  open: boolean;
  options: OptionRow[];
}

/**
 * The seconds options of one pair (with its open flag) or, without a pair, the default options of
 * pairs without their own. A pair left with no row uses the default options. Mounted only while
 * open.
 */
export function MicroOptionsDialog({
  pair,
  defaults,
  onClose,
}: {
  pair?: MicroPairRow;
  defaults: readonly MicroSecondsOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const optionText = useOptionText();
  const [form] = Form.useForm<Values>();
  const savePair = useMicroPair();
  const saveDefaults = useMicroDefaults();
  const pending = savePair.isPending || saveDefaults.isPending;
  const initial: Values = {
    open: pair?.open_microtrade === 1,
    options: rowsOf(pair ? (pair.own ? pair.options : []) : defaults),
  };

  const { rule, problem } = useProblemRule<MicroProblem>('micro');

  async function submit(values: Values) {
    const options = values.options;
    try {
      if (pair) {
        const params = changedPair(pair, values.open, options);
        if (Object.keys(params).length > 1) {
          await savePair.mutateAsync(params);
          toastSuccess(t('admin.micro.pairSaved', { symbol: pair.symbol }));
        }
      } else if (!sameOptions(toOptions(options), defaults)) {
        await saveDefaults.mutateAsync({ options: toOptions(options) });
        toastSuccess(t('admin.micro.defaultsSaved'));
      }
      onClose();
    } catch {
      // The api client has shown the server's message; the dialog keeps the values.
    }
  }

  return (
    <FormDialog
      testId="micro-options"
      title={
        pair ? t('admin.micro.pairTitle', { symbol: pair.symbol }) : t('admin.micro.defaultsTitle')
      }
      save={t('admin.micro.save')}
      pending={pending}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        onValuesChange={() => revalidateSeconds(form)}
        data-testid="micro-options"
      >
        {pair && (
          <Form.Item
            name="open"
            label={t('admin.micro.col.open')}
            valuePropName="checked"
            extra={t('admin.micro.openHelp')}
          >
            <Switch data-testid="micro-options-open" />
          </Form.Item>
        )}
        <p className={dialog.note}>
          {pair ? t('admin.micro.pairOptionsText') : t('admin.micro.defaultsText')}
        </p>
        <Form.List
          name="options"
          rules={[
            {
              validator: (_: unknown, list: OptionRow[] | undefined) => {
                const found = checkOptionList(list ?? [], pair !== undefined);
                return found ? Promise.reject(problem(found)) : Promise.resolve();
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.length > 0 && (
                <div className={styles.optionHead} aria-hidden>
                  <span>{t('admin.micro.col.seconds')}</span>
                  <span>{t('admin.micro.col.profit')}</span>
                </div>
              )}
              {fields.map((field, index) => (
                <div key={field.key} className={styles.optionRow} data-testid="micro-option-row">
                  <Form.Item
                    name={[field.name, 'seconds']}
                    rules={[
                      rule(checkSeconds),
                      ({ getFieldValue }) => ({
                        validator: () =>
                          repeatsSeconds(
                            (getFieldValue('options') as OptionRow[] | undefined) ?? [],
                            index,
                          )
                            ? Promise.reject(problem('secondsTwice'))
                            : Promise.resolve(),
                      }),
                    ]}
                  >
                    <Input
                      autoComplete="off"
                      inputMode="numeric"
                      suffix={t('admin.micro.secondsUnit')}
                      aria-label={`${t('admin.micro.col.seconds')} ${index + 1}`}
                      data-testid={`micro-option-seconds-${index}`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'percent']} rules={[rule(checkProfitPercent)]}>
                    <Input
                      autoComplete="off"
                      inputMode="decimal"
                      suffix="%"
                      aria-label={`${t('admin.micro.col.profit')} ${index + 1}`}
                      data-testid={`micro-option-percent-${index}`}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('admin.micro.removeOption', { index: index + 1 })}
                    title={t('admin.micro.removeOption', { index: index + 1 })}
                    data-testid={`micro-option-remove-${index}`}
                  />
                </div>
              ))}
              {pair && fields.length === 0 && (
                <p className={styles.empty} data-testid="micro-options-default">
                  {t('admin.micro.usesDefaults', {
                    options: defaults.map(optionText).join(', '),
                  })}
                </p>
              )}
              <Form.ErrorList errors={errors} />
              <div className={styles.optionTools}>
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_OPTIONS}
                  onClick={() => add({ seconds: '', percent: '' })}
                  data-testid="micro-option-add"
                >
                  {t('admin.micro.addOption')}
                </Button>
                {pair && fields.length === 0 && defaults.length > 0 && (
                  <Button
                    onClick={() => form.setFieldValue('options', rowsOf(defaults))}
                    data-testid="micro-options-copy"
                  >
                    {t('admin.micro.copyDefaults')}
                  </Button>
                )}
                {pair && fields.length > 0 && (
                  <Button
                    onClick={() => form.setFieldValue('options', [])}
                    data-testid="micro-options-use-default"
                  >
                    {t('admin.micro.useDefaults')}
                  </Button>
                )}
              </div>
            </>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}

/** A repeated seconds value is said at each copy: rows already marked are checked again. */
function revalidateSeconds(form: FormInstance<Values>) {
  const marked = form
    .getFieldsError()
    .filter(
      ({ name, errors }) => errors.length > 0 && name[0] === 'options' && name[2] === 'seconds',
    )
    .map(({ name }) => name);
  if (marked.length > 0) void form.validateFields(marked).catch(() => undefined);
}
