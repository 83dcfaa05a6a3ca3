import { Flex, Spin } from 'antd';

/** Loading indicator filling the content area of a page. */
export function PageSpin() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 320 }}>
      <Spin size="large" />
    </Flex>
  );
}
