import { CAROUSEL_HEIGHT_PX, NEWS_CATEGORY } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { Carousel, Skeleton } from 'antd';
import type { CSSProperties } from 'react';
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
    <section className="home-carousel" style={heightStyle} aria-label={t('home.banner.label')}>
      <Carousel autoplay={items.length > 1} dots={items.length > 1} draggable>
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
