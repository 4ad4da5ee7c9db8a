import { AnnouncementStrip } from '../components/announcement-strip';
import { AppDownload } from '../components/app-download';
import { BannerCarousel } from '../components/banner-carousel';
import { FeatureBlocks } from '../components/feature-blocks';
import { QuickRegister } from '../components/quick-register';
import '../home.css';

/** The visitor home page (spec 1 §2 Home); the footer comes from the layout. */
export function HomePage() {
  return (
    <div className="home">
      <BannerCarousel />
      <AnnouncementStrip />
      <section data-testid="home-markets">
        {/* Slot for the live market table (spec 1 §2 Home), which arrives in a later issue. */}
      </section>
      <FeatureBlocks />
      <AppDownload />
      <QuickRegister />
    </div>
  );
}
