import type { ThemeConfig } from 'antd';

/** Brand colour of the product, also used by the favicon. */
export const BRAND_COLOR = '#1668dc';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 20px', headerHeight: 56, siderBg: '#ffffff', bodyBg: '#f3f5f8' },
  },
};
