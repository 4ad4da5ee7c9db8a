import { useState } from 'react';
import styles from './panel.module.css';

/** A stable hue per code, so a missing logo still looks the same on every screen. */
function hueOf(code: string): number {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** A coin's logo (or a coloured letter when it has none), its code and, optionally, its name. */
export function CoinCell({
  code,
  name,
  logo,
  size = 24,
}: {
  code: string;
  name?: string;
  logo: string;
  /** The logo's width and height in px. */
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const badge = (
    <span
      className={styles.coinBadge}
      style={{
        width: size,
        height: size,
        background: `hsl(${String(hueOf(code))} 55% 45%)`,
        fontSize: Math.round(size / 2),
      }}
      aria-hidden
    >
      {code.slice(0, 1)}
    </span>
  );
  return (
    <span className={styles.coin}>
      {logo === '' || failed === logo ? (
        badge
      ) : (
        <img
          className={styles.coinLogo}
          src={logo}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          onError={() => setFailed(logo)}
        />
      )}
      <span>
        <strong>{code}</strong>
        {name && name !== code && <span className={styles.coinName}>{name}</span>}
      </span>
    </span>
  );
}
