import { CAROUSEL_HEIGHT_PX, NEWS_CATEGORY, type NewsItem } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { bannerQuery } from '../api/news';
import { noticeHref } from '../lib/links';

/** Fixed at 460 px (spec 1 §9) on wide screens; narrow screens keep the banner's proportions. */
const heightStyle = { '--home-carousel-h': `${CAROUSEL_HEIGHT_PX}px` } as CSSProperties;
/** Time each slide stays before the next one comes in. */
export const SLIDE_MS = 4000;
/** A horizontal drag longer than this moves to the neighbouring slide. */
const SWIPE_PX = 40;

/** Carousel of the banner news items, category 1 (spec 1 §2 Home). Hidden when there are none. */
export function BannerCarousel() {
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
  return <Slides items={items} />;
}

/**
 * One slide in view; the others are `inert` (out of the tab order and hidden from assistive
 * technology). It moves on by itself unless the pointer or the keyboard focus is on it, or the
 * visitor asked for reduced motion; dots and horizontal swipes choose a slide.
 */
function Slides({ items }: { items: readonly Omit<NewsItem, 'content'>[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const dragFrom = useRef<number | null>(null);
  // A swipe ends on the slide's link: that click must not open the news item.
  const swiped = useRef(false);
  const count = items.length;
  const current = Math.min(index, count - 1);

  useEffect(() => {
    if (paused || count < 2) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, current]);

  const onPointerDown = (event: PointerEvent) => {
    dragFrom.current = event.clientX;
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null || count < 2) return;
    const moved = event.clientX - from;
    if (Math.abs(moved) < SWIPE_PX) return;
    swiped.current = true;
    setIndex((current + (moved < 0 ? 1 : count - 1)) % count);
  };

  return (
    <section
      className="home-carousel"
      style={heightStyle}
      aria-label={t('home.banner.label')}
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      // On the section, not the track: a slide moving out is inert and receives no pointer.
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (dragFrom.current = null)}
      onClickCapture={(event) => {
        if (!swiped.current) return;
        swiped.current = false;
        event.preventDefault();
        event.stopPropagation();
      }}
      // A drag must not start the browser's own image or link drag.
      onDragStart={(event) => event.preventDefault()}
    >
      <div className="home-track" style={{ transform: `translateX(${String(-100 * current)}%)` }}>
        {items.map((item, i) => (
          <div
            key={item.id}
            className={`home-slide-frame${i === current ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.banner.slide', { n: i + 1, total: count })}
            inert={i !== current}
          >
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
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                />
              ) : null}
              <span className="home-slide-title">{item.title}</span>
            </Link>
          </div>
        ))}
      </div>
      {count > 1 && (
        <ul className="home-dots">
          {items.map((item, i) => (
            <li key={item.id}>
              <button
                type="button"
                className={i === current ? 'is-active' : undefined}
                aria-current={i === current}
                aria-label={t('home.banner.slide', { n: i + 1, total: count })}
                onClick={() => setIndex(i)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
