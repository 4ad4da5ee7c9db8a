import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { TranslateParams } from '../../../shared/i18n/translator';
import styles from './form-dialog.module.css';

interface Props {
  /** Test ids `<testId>-title`, `<testId>-cancel` and `<testId>-save`. */
  testId: string;
  title: ReactNode;
  /** The save button's text. */
  save: ReactNode;
  /** Saving: the save button spins and a click beside the dialog no longer closes it. */
  pending: boolean;
  /** Nothing can be saved (e.g. no currency to save it in). */
  saveDisabled?: boolean;
  /** Submits the dialog's form (its onFinish validates, then saves). */
  onSave: () => void;
  onClose: () => void;
  /** A line above the form saying what the dialog does. */
  note?: ReactNode;
  /** The dialog's width (antd's 520 px unless told); a phone's width at most. */
  width?: number;
  /** The save button is red: an action that cannot be undone. */
  danger?: boolean;
  children: ReactNode;
}

/**
 * The shell of an operator's form dialog: the title, an optional note, the form, and Cancel and
 * Save; mounted only while open.
 */
export function FormDialog(props: Props) {
  const { t } = useTranslation();
  const { testId } = props;
  return (
    <Modal
      open
      title={<span data-testid={`${testId}-title`}>{props.title}</span>}
      onCancel={props.onClose}
      maskClosable={!props.pending}
      width={props.width}
      footer={[
        <Button key="cancel" onClick={props.onClose} data-testid={`${testId}-cancel`}>
          {t('admin.dialog.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={props.danger}
          loading={props.pending}
          disabled={props.saveDisabled}
          onClick={props.onSave}
          data-testid={`${testId}-save`}
        >
          {props.save}
        </Button>,
      ]}
    >
      {props.note !== undefined && <p className={styles.note}>{props.note}</p>}
      {props.children}
    </Modal>
  );
}

/**
 * A form field's rule from a check that names the problem (or null): the problem's text is
 * `admin.<product>.problem.<key>`, filled with `params`. `problem` makes that error for a rule of
 * its own (one that compares fields).
 */
export function useProblemRule<P extends string>(
  product: 'lever' | 'micro' | 'earn',
  params?: TranslateParams,
) {
  const { t } = useTranslation();
  const problem = (key: P) => new Error(t(`admin.${product}.problem.${key}`, params));
  const rule = (check: (text: string) => P | null) => ({
    validator: (_: unknown, value: string | undefined) => {
      const found = check(value ?? '');
      return found ? Promise.reject(problem(found)) : Promise.resolve();
    },
  });
  return { rule, problem };
}
