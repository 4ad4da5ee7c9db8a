import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

interface Props extends Omit<ButtonProps, 'href' | 'onClick'> {
  to: string;
}

/**
 * A link that looks like a button: a real `<a href>` (open in a new tab works), navigating within
 * the app on a plain click.
 */
export function LinkButton({ to, ...props }: Props) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={onClick} />;
}
