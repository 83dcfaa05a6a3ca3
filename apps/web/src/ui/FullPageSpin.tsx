import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The application's loading screen. */
export function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} data-testid="loading-screen">
      <Spin size="large" description={t('loading')} />
    </Flex>
  );
}
