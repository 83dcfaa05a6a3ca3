import type { ReactNode } from 'react';
import { Card, Flex } from 'antd';
import { CustomerBrand } from '../../ui/CustomerBrand';
import { LanguageSelect } from '../../ui/LanguageSelect';

/** Centred card with the customer's brand and the language switcher, for the open pages. */
export function AuthLayout({ children, width = 420 }: { children: ReactNode; width?: number }) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(160deg, #eef3fb 0%, #f7f9fc 60%, #ffffff 100%)' }}
    >
      <Card style={{ width: '100%', maxWidth: width, boxShadow: '0 8px 28px rgba(22, 104, 220, 0.08)' }}>
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <CustomerBrand size="large" />
            <LanguageSelect />
          </Flex>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
