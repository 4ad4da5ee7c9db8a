import type { ReactNode } from 'react';
import { AnnouncementStrip } from '../components/announcement-strip';
import { AppDownload } from '../components/app-download';
import { BannerCarousel } from '../components/banner-carousel';
import { FeatureBlocks } from '../components/feature-blocks';
import { QuickRegister } from '../components/quick-register';
import '../home.css';

interface HomePageProps {
  /** The live market table, composed in by the route table (features do not import each other). */
  markets?: ReactNode;
}

/** The visitor home page (spec 1 §2 Home); the footer comes from the layout. */
export function HomePage({ markets }: HomePageProps) {
  return (
    <div className="home">
      <BannerCarousel />
      <AnnouncementStrip />
      <section className="home-inner" data-testid="home-markets">
        {markets}
      </section>
      <FeatureBlocks />
      <AppDownload />
      <QuickRegister />
    </div>
  );
}
