import { HomeMarkets } from '../../features/markets/components/home-markets';
import { HomePage } from '../../features/home/pages/home-page';

/** /home: the home page with the live market table composed in (one chunk for both). */
export function HomeRoute() {
  return <HomePage markets={<HomeMarkets />} />;
}
