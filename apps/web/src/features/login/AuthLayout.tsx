import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { CustomerBrand } from '../../ui/CustomerBrand';
import { LanguageSelect } from '../../ui/LanguageSelect';

/**
 * Centred card with the customer's brand and the language switcher, for the open pages. A plain
 * `<section>` drawn with the theme's card tokens, not Ant Design's Card: Card brings Tabs, Dropdown,
 * Menu and Skeleton, which the login page (issue 18 "Assets": it loads only what it shows) never shows.
 */
export function AuthLayout({ children, width = 420 }: { children: ReactNode; width?: number }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(160deg, #eef3fb 0%, #f7f9fc 60%, #ffffff 100%)' }}
    >
      <section
        style={{
          boxSizing: 'border-box',
          width: '100%',
          maxWidth: width,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: '0 8px 28px rgba(22, 104, 220, 0.08)',
        }}
      >
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <CustomerBrand size="large" />
            <LanguageSelect />
          </Flex>
          {children}
        </Flex>
      </section>
    </Flex>
  );
}
