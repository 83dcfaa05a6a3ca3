import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Result, Typography } from 'antd';
import { ArrowLeftOutlined, LoginOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@overtone/contract';
import { isApiError } from '../../core/api/ApiError';
import { endpointQueryKey } from '../../core/api/endpointQuery';
import { useCustomer } from '../../core/customer/CustomerContext';
import { queryToken, useSession } from '../../core/session';
import { logout } from '../../core/logout';
import { fetchMe, setMyPassword } from '../account/accountApi';
import { NewPasswordFields, type NewPasswordValues } from '../account/NewPasswordFields';
import { AuthLayout } from './AuthLayout';
import { useRevalidateOnLanguageChange } from '../../core/forms/useRevalidateOnLanguageChange';

/** Seconds between a successful password change and the logout (spec 000 §9). */
export const LOGOUT_DELAY_S = 5;

/**
 * The set-new-password page `/forgotpassword` (spec 000 §2, §5): the token comes from `?token=`
 * (a reset link) or the stored user (who must change the initial password) and is sent as the
 * `token` header. Two password fields with the policy checklist, save (`POST /me/password`), back
 * and login. After success the server's message is shown and the user is logged out and sent to
 * /login after {@link LOGOUT_DELAY_S} seconds (a countdown says when). A link the server no longer
 * accepts shows a message instead of the form.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useCustomer();
  const session = useSession();
  const linkToken = queryToken(useLocation().search);
  const token = linkToken ?? session?.token ?? null;
  const [form] = Form.useForm<NewPasswordValues>();
  useRevalidateOnLanguageChange(form);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(LOGOUT_DELAY_S);

  const me = useQuery({
    // the token is sent as a header (not a parameter): it tells the answers apart
    queryKey: endpointQueryKey(ENDPOINTS.getMe, { variant: token }),
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: !!token && !done,
    staleTime: Infinity,
  });

  const toLogin = () => {
    logout(queryClient);
    void navigate('/login', { replace: true });
  };

  useEffect(() => {
    if (done === null) return;
    if (secondsLeft <= 0) {
      toLogin();
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
    // toLogin only reads stable values; the countdown is what drives this effect.
  }, [done, secondsLeft]);

  if (!token) return <Navigate to="/login" replace />;

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/login');
  };

  const save = async ({ password }: NewPasswordValues) => {
    setSaving(true);
    try {
      const text = await setMyPassword(password);
      setDone(text || t('passwordSaved'));
    } catch {
      // shown by the API client (spec 000 §8: the answer's message)
    } finally {
      setSaving(false);
    }
  };

  const buttons = (
    <Flex gap={8} wrap>
      <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="set-password-back">
        {t('back')}
      </Button>
      <Button icon={<LoginOutlined />} onClick={toLogin} data-testid="set-password-login">
        {t('login')}
      </Button>
    </Flex>
  );

  if (done !== null)
    return (
      <AuthLayout>
        <Result
          status="success"
          title={done}
          subTitle={t('loggingOutIn', { seconds: secondsLeft })}
          data-testid="set-password-done"
          extra={
            <Button type="primary" onClick={toLogin} data-testid="set-password-login-now">
              {t('loginNow')}
            </Button>
          }
        />
      </AuthLayout>
    );

  if (me.isError && isApiError(me.error) && me.error.status === 401)
    return (
      <AuthLayout>
        <Result
          status="warning"
          title={t('resetLinkInvalidTitle')}
          subTitle={t('resetLinkInvalid')}
          extra={buttons}
          data-testid="set-password-link-invalid"
        />
      </AuthLayout>
    );

  return (
    <AuthLayout width={460}>
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('setPasswordTitle')}
        </Typography.Title>
        {me.data && (
          <Typography.Text type="secondary" data-testid="set-password-user">
            {`${me.data.name} ${me.data.surname} · ${me.data.email}`}
          </Typography.Text>
        )}
      </Flex>
      {!linkToken && session && !session.passwordChanged && (
        <Alert type="info" showIcon title={t('mustChangePassword')} data-testid="set-password-required" />
      )}
      <Form<NewPasswordValues>
        name="newPassword"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void save(v)}
        data-testid="set-password-form"
      >
        <NewPasswordFields policy={customer.passwordPolicy} />
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 8 }}>
          {buttons}
          <Button type="primary" htmlType="submit" loading={saving} data-testid="set-password-save">
            {t('save')}
          </Button>
        </Flex>
      </Form>
    </AuthLayout>
  );
}
