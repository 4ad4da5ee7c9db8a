import { CAROUSEL_HEIGHT_PX, NEWS_CATEGORY } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { Carousel, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bannerQuery } from '../api/news';
import { noticeHref } from '../lib/links';

/** Fixed at 460 px (spec 1 §9) on wide screens; narrow screens keep the banner's proportions. */
const heightStyle = { '--home-carousel-h': `${CAROUSEL_HEIGHT_PX}px` } as CSSProperties;

/** Carousel of the banner news items, category 1 (spec 1 §2 Home). Hidden when there are none. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(bannerQuery());
  const section = useRef<HTMLElement>(null);
  // Slides out of view (and the slider's clones) are aria-hidden: their links leave the tab order,
  // so keyboard focus never lands on something a screen reader is told is not there.
  const syncFocus = useCallback(() => {
    for (const slide of section.current?.querySelectorAll<HTMLElement>('.slick-slide') ?? []) {
      const hidden = slide.getAttribute('aria-hidden') === 'true';
      for (const link of slide.querySelectorAll<HTMLElement>('a, button')) {
        link.tabIndex = hidden ? -1 : 0;
      }
    }
  }, []);
  useEffect(syncFocus);

  if (isPending) {
    return (
      <div className="home-carousel" style={heightStyle}>
        <Skeleton.Node active className="home-carousel-skeleton" />
      </div>
    );
  }
  const items = data?.data ?? [];
  if (items.length === 0) return null;

  return (
    <section
      ref={section}
      className="home-carousel"
      style={heightStyle}
      aria-label={t('home.banner.label')}
    >
      <Carousel
        autoplay={items.length > 1}
        dots={items.length > 1}
        draggable
        afterChange={syncFocus}
      >
        {items.map((item, index) => (
          <div key={item.id}>
            <Link
              className="home-slide"
              to={noticeHref(NEWS_CATEGORY.banner, item.id)}
              data-testid="home-banner"
            >
              {item.banner ? (
                <img
                  className="home-slide-image"
                  src={item.banner}
                  alt=""
                  loading={index === 0 ? 'eager' : 'lazy'}
                />
              ) : null}
              <span className="home-slide-title">{item.title}</span>
            </Link>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
