import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
}

interface Props<V extends string> {
  value: V;
  options: readonly (V | SegmentedOption<V>)[];
  onChange: (value: V) => void;
  'aria-label': string;
  className?: string;
  'data-testid'?: string;
}

const optionOf = <V extends string>(o: V | SegmentedOption<V>): SegmentedOption<V> =>
  typeof o === 'string' ? { value: o, label: o } : o;

/**
 * A row of mutually exclusive choices (quote groups, list tabs): a radio group with one tab stop,
 * arrow keys move the choice. The pages of the first visit use it instead of antd's Segmented,
 * which brings its motion library along.
 */
export function Segmented<V extends string>(props: Props<V>) {
  const { value, onChange, className } = props;
  const options = props.options.map(optionOf);
  const group = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || options.length === 0) return;
    event.preventDefault();
    const at = options.findIndex((o) => o.value === value);
    const next = options[(at + step + options.length) % options.length];
    if (next === undefined) return;
    onChange(next.value);
    const index = options.indexOf(next);
    group.current?.querySelectorAll<HTMLButtonElement>('[role=radio]')[index]?.focus();
  };

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={props['aria-label']}
      className={`ui-seg${className ? ` ${className}` : ''}`}
      data-testid={props['data-testid']}
      onKeyDown={onKeyDown}
    >
      {options.map((o) => {
        const selected = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            className={`ui-seg-item${selected ? ' ui-seg-item-selected' : ''}`}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
