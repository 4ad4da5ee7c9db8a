import { SLIDER_STEP_PERCENT } from '@exchange/contract';
import type { CSSProperties } from 'react';
import styles from './order-form.module.css';

const STEPS = Array.from(
  { length: 100 / SLIDER_STEP_PERCENT + 1 },
  (_, i) => i * SLIDER_STEP_PERCENT,
);

interface Props {
  value: number;
  onChange: (percent: number) => void;
  disabled: boolean;
  color: string;
  label: string;
  testId: string;
}

/**
 * The order slider: 0–100 % in steps of 25 (spec 1 §5), a native range input with clickable
 * marks. (antd's Slider would push the shared antd chunk past its size budget for this one use.)
 */
export function PercentSlider({ value, onChange, disabled, color, label, testId }: Props) {
  const accent = {
    '--slider-color': color,
    '--slider-fill': `${String(value)}%`,
  } as CSSProperties;
  return (
    <div className={styles.slider} style={accent} data-testid={testId}>
      <input
        type="range"
        className={styles.range}
        min={0}
        max={100}
        step={SLIDER_STEP_PERCENT}
        value={value}
        disabled={disabled}
        aria-label={label}
        aria-valuetext={`${String(value)}%`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <div className={styles.marks}>
        {STEPS.map((step) => (
          <button
            key={step}
            type="button"
            className={`${styles.mark} ${step <= value ? styles.reached : ''}`}
            disabled={disabled}
            onClick={() => onChange(step)}
          >
            {step}%
          </button>
        ))}
      </div>
    </div>
  );
}
