import { useState } from 'react';

interface CoinLogoProps {
  /** Currency code, e.g. `BTC`: the fallback badge shows its first letter. */
  code: string;
  /** The logo's address (`base_currency.logo`, e.g. `/coins/btc.svg`). */
  src: string;
  size?: number;
}

/** A stable hue per code, so a missing logo still looks the same on every screen. */
function hueOf(code: string): number {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** A coin's logo; when the image is missing or fails, a coloured badge with its letter. */
export function CoinLogo({ code, src, size = 24 }: CoinLogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (src === '' || failedSrc === src) {
    return (
      <span
        className="mk-logo mk-logo-badge"
        style={{
          ...style,
          background: `hsl(${String(hueOf(code))} 55% 45%)`,
          fontSize: size * 0.5,
        }}
        aria-hidden
      >
        {code.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="mk-logo"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailedSrc(src)}
    />
  );
}
