import { Badge, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { treePointColor } from '../../ui/health';
import type { AssetTreeNode } from './buildTree';

/** Value of the last telemetry of a point, to 2 decimals (spec 000 §9). */
export const formatTreeValue = (value: number) => value.toFixed(2);

/**
 * One row of the asset tree: group or point icon, name; for points the health colour, the
 * unanswered-evaluations badge and the last telemetry value with its telemetry name.
 */
export function TreeNodeTitle({ node, expanded }: { node: AssetTreeNode; expanded: boolean }) {
  if (node.nodeType === 'group') {
    return (
      <Flex align="center" gap={6} data-testid={`tree-group-${node.name}`}>
        {expanded ? <FolderOpenOutlined style={{ color: '#8c8c8c' }} /> : <FolderOutlined style={{ color: '#8c8c8c' }} />}
        <Typography.Text>{node.name}</Typography.Text>
      </Flex>
    );
  }
  return <PointTitle node={node} />;
}

function PointTitle({ node }: { node: AssetTreeNode }) {
  const { t } = useTranslation('tree');
  const color = treePointColor(node.health);
  const last = node.lastTelemetryValue;
  return (
    <Flex align="center" gap={6} data-testid={`tree-node-${node.name}`} data-health={node.health} style={{ minWidth: 0 }}>
      <ApiOutlined style={{ color }} aria-label={t(`health.${node.health}`)} title={t(`health.${node.health}`)} />
      <Typography.Text style={{ color }} strong={node.health !== 'unknown'}>
        {node.name}
      </Typography.Text>
      {node.unansweredEvaluationsCount > 0 && (
        <Badge
          count={node.unansweredEvaluationsCount}
          size="small"
          title={t('unansweredEvaluations', { count: node.unansweredEvaluationsCount })}
          data-testid="tree-node-badge"
        />
      )}
      {last && (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, whiteSpace: 'nowrap' }}
          title={t('lastValueTitle')}
          data-testid="tree-node-value"
        >
          {t('lastValue', { telemetry: last.telemetry, value: formatTreeValue(last.value) })}
        </Typography.Text>
      )}
    </Flex>
  );
}
