import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Row props that open the pair's trade screen on a click anywhere in the row, except on the
 * row's own links and buttons (star, trade button), which do their own thing.
 */
export function useTradeRow() {
  const navigate = useNavigate();
  return (href: string | undefined) =>
    href === undefined
      ? {}
      : {
          className: 'mk-row-link',
          onClick: (event: MouseEvent<HTMLElement>) => {
            const target = event.target;
            // Clicks in portals (the star's popover) bubble here too, but are not in the row.
            if (!(target instanceof Element) || !event.currentTarget.contains(target)) return;
            if (target.closest('a, button')) return;
            void navigate(href);
          },
        };
}
