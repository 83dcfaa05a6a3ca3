import { Flex, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { effectiveMinLength, meetsRule, passwordRules, type PasswordPolicy, type PasswordRule } from '@overtone/contract';

const OK_COLOR = '#389e0d';
const FAIL_COLOR = '#cf1322';

interface Props {
  password: string;
  policy: PasswordPolicy | null | undefined;
}

/**
 * The live checklist of the customer's password policy (spec 000 §5): 'Min. Password Length {n}'
 * (the policy's minimum raised to the global floor), then one lowercase, one uppercase, one
 * special (@$!%*#?&) and one numeric character as the policy asks. Each line shows a check or a
 * cross for `password` as typed, and carries `data-rule` / `data-met` for tests.
 */
export function PasswordChecklist({ password, policy }: Props) {
  const { t } = useTranslation('login');
  const label = (rule: PasswordRule) =>
    rule === 'minLength' ? t('passwordRules.minLength', { n: effectiveMinLength(policy) }) : t(`passwordRules.${rule}`);

  return (
    <Flex vertical gap={2} role="list" aria-label={t('passwordRules.title')} data-testid="password-checklist">
      {passwordRules(policy).map((rule) => {
        const met = meetsRule(rule, password, policy);
        return (
          <Flex
            key={rule}
            role="listitem"
            align="center"
            gap={8}
            data-testid={`password-rule-${rule}`}
            data-rule={rule}
            data-met={met}
          >
            {met ? (
              <CheckCircleFilled style={{ color: OK_COLOR }} aria-label={t('passwordRules.met')} />
            ) : (
              <CloseCircleFilled style={{ color: FAIL_COLOR }} aria-label={t('passwordRules.notMet')} />
            )}
            <Typography.Text type={met ? undefined : 'secondary'}>{label(rule)}</Typography.Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
