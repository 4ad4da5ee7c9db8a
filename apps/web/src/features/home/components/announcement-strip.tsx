import { NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { NEWS_CATEGORY } from '@exchange/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Link } from 'react-router';
import { announcementsQuery } from '../api/news';
import { noticeHref } from '../lib/links';

const ROTATE_MS = 4000;

/** Headline announcements, category 22, one title at a time (spec 1 §2 Home). */
export function AnnouncementStrip() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const { data, isPending } = useQuery(announcementsQuery());
  const count = data?.data.length ?? 0;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  if (isPending) {
    return (
      <div className="home-inner">
        <div className="home-notices">
          <Skeleton.Input active size="small" block />
        </div>
      </div>
    );
  }
  const current = data?.data[index % Math.max(count, 1)];
  if (!current) return null;

  return (
    <section
      className="home-inner"
      aria-label={t('home.notices.label')}
      data-testid="home-announcements"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="home-notices" style={{ borderColor: token.colorBorderSecondary }}>
        <NotificationOutlined style={{ color: token.colorPrimary }} aria-hidden />
        <Link
          key={current.id}
          className="home-notices-title"
          to={noticeHref(NEWS_CATEGORY.announcement, current.id)}
          style={{ color: token.colorText }}
        >
          {current.title}
        </Link>
        <Link
          className="home-notices-more"
          to={noticeHref(NEWS_CATEGORY.announcement)}
          style={{ color: token.colorTextSecondary }}
        >
          {t('home.notices.more')} <RightOutlined aria-hidden />
        </Link>
      </div>
    </section>
  );
}
