import { useRef, useState } from 'react';
import { Avatar, Button, Flex, Form, Input, Result, Skeleton, Typography, type InputRef } from 'antd';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@overtone/contract';
import { isApiError } from '../../core/api/ApiError';
import { endpointQueryKey } from '../../core/api/endpointQuery';
import { customerClock } from '../../ui/customerTime';
import { useCustomerZone } from '../../ui/formatDate';
import { AltchaCaptcha, type AltchaCaptchaHandle } from './AltchaCaptcha';
import { AuthLayout } from './AuthLayout';
import { fetchMfaChallenge, returnUrlQuery, safeReturnUrl, startSession, verifyMfa } from './loginApi';
import { useRevalidateOnLanguageChange } from '../../core/forms/useRevalidateOnLanguageChange';

/** Length of the e-mailed one-time code (spec 000 §5). */
export const MFA_CODE_LENGTH = 6;

/** Answers after which the pending login is over: only a new login sends a new code. */
const ENDED_CODES = new Set(['MFA_EXPIRED', 'MFA_TOO_MANY_TRIES']);

interface MfaValues {
  code: string;
  reCaptcha: string;
}

/** Keeps the digits of what was typed or pasted ("123 456" → "123456"), at most six. */
export const normalizeCode = (raw: string) => raw.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH);

/**
 * The second-factor page `/verify-mfa/{id}` (spec 000 §2, §4, §5): the user's name and surname,
 * the 6-digit code from the e-mail and a captcha. A right code stores the session and goes to
 * the returnUrl (or /); a wrong one is shown by the API client as the server's message. An
 * unknown, expired or used-up pending login shows a message and the way back to login.
 */
export function VerifyMfaPage() {
  const { t } = useTranslation('login');
  const { offsetMinutes } = useCustomerZone();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handedOver = useLocation().state as { name?: string; surname?: string } | null;
  const [form] = Form.useForm<MfaValues>();
  useRevalidateOnLanguageChange(form);
  const captcha = useRef<AltchaCaptchaHandle>(null);
  const codeInput = useRef<InputRef>(null);
  const [submitting, setSubmitting] = useState(false);
  const [ended, setEnded] = useState<string | null>(null);

  const challenge = useQuery({
    queryKey: endpointQueryKey(ENDPOINTS.getMfaChallenge, { params: { id } }),
    queryFn: ({ signal }) => fetchMfaChallenge(id, signal),
    staleTime: Infinity,
  });

  const backToLogin = (
    <Link to={`/login${returnUrlQuery(returnUrl)}`} data-testid="mfa-back-to-login">
      {t('backToLogin')}
    </Link>
  );

  if (ended || challenge.isError)
    return (
      <AuthLayout>
        <Result
          status="warning"
          title={t('mfaEndedTitle')}
          subTitle={ended ?? t('mfaEnded')}
          extra={backToLogin}
          data-testid="mfa-ended"
        />
      </AuthLayout>
    );

  const finish = async ({ code, reCaptcha }: MfaValues) => {
    setSubmitting(true);
    try {
      const session = await verifyMfa({ trnxId: id, code, reCaptcha });
      startSession(session, queryClient);
      void navigate(safeReturnUrl(returnUrl), { replace: true });
    } catch (e) {
      if (isApiError(e) && e.code && ENDED_CODES.has(e.code)) {
        setEnded(e.message);
        return;
      }
      captcha.current?.reset();
      form.setFieldsValue({ code: '', reCaptcha: undefined });
      codeInput.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  const name = challenge.data ?? (handedOver?.name ? { name: handedOver.name, surname: handedOver.surname ?? '' } : null);

  return (
    <AuthLayout>
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <SafetyOutlined style={{ marginRight: 8, color: '#1668dc' }} />
          {t('mfaTitle')}
        </Typography.Title>
        {name ? (
          <Flex align="center" gap={8} data-testid="mfa-user">
            <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1668dc' }} />
            <Typography.Text strong>{`${name.name} ${name.surname}`}</Typography.Text>
          </Flex>
        ) : (
          <Skeleton.Input active size="small" />
        )}
        <Typography.Text type="secondary">
          {challenge.data
            ? t('mfaCodeSentUntil', { time: customerClock(challenge.data.expiresAt, offsetMinutes).format('HH:mm') })
            : t('mfaCodeSent')}
        </Typography.Text>
      </Flex>
      <Form<MfaValues>
        name="mfa"
        form={form}
        layout="vertical"
        requiredMark={false}
        noValidate
        onFinish={(v) => void finish(v)}
        data-testid="mfa-form"
      >
        <Form.Item
          name="code"
          label={t('mfaCode')}
          getValueFromEvent={(e: React.ChangeEvent<HTMLInputElement>) => normalizeCode(e.target.value)}
          rules={[
            { required: true, message: t('mfaCodeRequired') },
            { pattern: /^\d{6}$/, message: t('errors:mfaCodeFormat') },
          ]}
        >
          <Input
            ref={codeInput}
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            size="large"
            placeholder="000000"
            aria-label={t('mfaCode')}
            data-testid="mfa-code"
            style={{ fontSize: 24, letterSpacing: '0.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
          />
        </Form.Item>
        <Form.Item name="reCaptcha" rules={[{ required: true, message: t('captchaRequired') }]}>
          <AltchaCaptcha ref={captcha} testId="mfa-captcha" />
        </Form.Item>
        <Flex vertical gap={8}>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="mfa-submit">
            {t('login')}
          </Button>
          <Flex justify="center">{backToLogin}</Flex>
        </Flex>
      </Form>
    </AuthLayout>
  );
}
