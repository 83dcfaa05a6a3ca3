import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import 'altcha';
import { installAltchaSolver } from './captcha/altchaWorker';
import { CAPTCHA_CHALLENGE_URL, captchaFetch } from './captcha/earlyCaptcha';

installAltchaSolver(); // after the widget's module, which sets its own

export interface AltchaCaptchaHandle {
  /**
   * Unticks the widget: an ALTCHA payload is single-use, so it is reset after every attempt. The
   * reset is not reported through `onChange` (a form would show "please click" right after the
   * failure): the caller clears its own value. The next proof of work starts at once, as on load.
   */
  reset(): void;
}

type AltchaElement = HTMLElement & { reset?: () => void; verify?: () => Promise<void> };

interface AltchaCaptchaProps {
  /** The verified payload, sent as `reCaptcha`; `undefined` while not verified. */
  value?: string;
  onChange?: (payload: string | undefined) => void;
  ref?: Ref<AltchaCaptchaHandle>;
  /** `data-testid` of the wrapper (several captchas can be on screen: login form and forgot-password dialog). */
  testId?: string;
}

/**
 * The ALTCHA checkbox (architecture: self-hosted proof-of-work captcha). It fetches a challenge from
 * {@link CAPTCHA_CHALLENGE_URL} as soon as it is shown (`auto="onload"`, issue 18: the user never
 * waits for the proof of work; ticking it does the same if the automatic run failed), solves it in
 * web workers (ours: captcha/altcha.worker.ts; on /login the challenge and its number usually come
 * from the search main.tsx started as the page opened, captcha/earlyCaptcha.ts) and fires
 * `statechange`; on `verified` the payload is reported through `onChange`, on
 * `unverified`, `expired` and `error` `undefined`. An expired payload is fetched and solved again by
 * the widget itself.
 */
export function AltchaCaptcha({ onChange, ref, testId = 'login-captcha' }: AltchaCaptchaProps) {
  const { t, i18n } = useTranslation('login');
  const el = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  /** True while `reset()` runs: the widget's own `statechange` of the reset is not reported. */
  const resetting = useRef(false);
  useImperativeHandle(ref, () => ({
    reset() {
      resetting.current = true;
      try {
        el.current?.reset?.();
      } finally {
        resetting.current = false;
      }
      void el.current?.verify?.();
    },
  }));

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const listener = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string | null }>).detail;
      // 'verifying' follows a click: no value yet, but no reason to show "please click" either.
      if (detail?.state === 'verifying' || resetting.current) return;
      onChangeRef.current?.(detail?.state === 'verified' && detail.payload ? detail.payload : undefined);
    };
    node.addEventListener('statechange', listener);
    return () => node.removeEventListener('statechange', listener);
  }, []);

  const strings = useMemo(
    () =>
      JSON.stringify({
        label: t('captcha.label'),
        verified: t('captcha.verified'),
        verifying: t('captcha.verifying'),
        waitAlert: t('captcha.waitAlert'),
        error: t('captcha.error'),
        expired: t('captcha.expired'),
        verificationRequired: t('captcha.verificationRequired'),
        footer: t('captcha.footer'),
        ariaLinkLabel: t('captcha.ariaLinkLabel'),
        loading: t('captcha.loading'),
        reload: t('captcha.reload'),
        verify: t('captcha.verify'),
        enterCode: t('captcha.enterCode'),
        enterCodeAria: t('captcha.enterCodeAria'),
        getAudioChallenge: t('captcha.getAudioChallenge'),
      }),
    // `t` keeps its identity across language changes: recompute on the language too.
    [t, i18n.language],
  );

  return (
    <div data-testid={testId}>
      <altcha-widget
        ref={el}
        challengeurl={CAPTCHA_CHALLENGE_URL}
        customfetch={captchaFetch}
        auto="onload"
        strings={strings}
        hidelogo
        style={{ '--altcha-max-width': '100%' }}
      />
    </div>
  );
}
