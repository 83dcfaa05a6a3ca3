import { useEffect, useState } from 'react';
import { Tour, type TourProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCustomer } from '../../core/customer/CustomerContext';
import { sessionStore, useSession } from '../../core/session';
import { setUserGuidingShown } from './accountApi';

/**
 * What the tour points at. The home screen's parts are found by their stable test ids (the
 * tour lives in the shell and must not reach into the home page's components); a part that is
 * not on screen (a collapsed tree, no tab allowed) makes its step show in the middle.
 */
export const TOUR_TARGETS = {
  tree: '[data-testid="asset-tree"]',
  tabs: 'main .ant-tabs-nav',
  userMenu: '[data-testid="user-menu"]',
} as const;

/** Wait after the home screen mounts, so the tree and tabs are laid out before the tour measures them. */
const OPEN_DELAY_MS = 600;

const target = (selector: string) => () => document.querySelector<HTMLElement>(selector) as HTMLElement;

/**
 * The onboarding tour over the shell's main elements (spec 000 §2): asset tree, tabs and user
 * menu. It opens on the home screen while the session's `userGuidingShown` is false (a first
 * login, or "restart onboarding tour" in the user menu); finishing or closing it stores
 * `userGuidingShown: true` (`PUT /me/user-guiding-shown`) in the session and on the server.
 */
export function OnboardingTour() {
  const { t } = useTranslation('shell');
  const customer = useCustomer();
  const session = useSession();
  const { pathname } = useLocation();
  const wanted = !!session && !session.userGuidingShown && pathname === '/';
  const [ready, setReady] = useState(false);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (!wanted) {
      setReady(false);
      return;
    }
    setCurrent(0);
    const timer = setTimeout(() => setReady(true), OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  const close = () => {
    if (sessionStore.get()?.userGuidingShown !== false) return; // onFinish also closes: store once
    setUserGuidingShown(true).catch(() => undefined);
  };

  const steps: TourProps['steps'] = [
    { title: t('tour.welcomeTitle', { customer: customer.name }), description: t('tour.welcome') },
    { title: t('tour.treeTitle'), description: t('tour.tree'), target: target(TOUR_TARGETS.tree), placement: 'right' },
    { title: t('tour.tabsTitle'), description: t('tour.tabs'), target: target(TOUR_TARGETS.tabs), placement: 'bottom' },
    {
      title: t('tour.userMenuTitle'),
      description: t('tour.userMenu'),
      target: target(TOUR_TARGETS.userMenu),
      placement: 'bottomRight',
    },
  ];

  return (
    <Tour
      open={wanted && ready}
      current={current}
      onChange={setCurrent}
      steps={steps}
      onClose={close}
      rootClassName="onboarding-tour"
      closeIcon={<CloseOutlined data-testid="tour-close" aria-label={t('tour.close')} />}
      indicatorsRender={(cur, total) => <span data-testid="tour-step">{`${cur + 1} / ${total}`}</span>}
    />
  );
}
