import { Typography } from 'antd';
import { pointPathText } from './pointPath';

const LINE = { display: 'block', maxWidth: '100%' } as const;

/**
 * A point in a narrow column: its own name first (what tells two rows apart), its groups below in
 * secondary text; each line cut with an ellipsis on its own, the whole path in the title. A path cut
 * from the left end ("Demo Plant / CWR…") hid the one name that mattered.
 */
export function PointPathCell({ point }: { point: { name: string; path: readonly string[] } | null }) {
  if (!point) return null;
  const groups = (point.path.at(-1) === point.name ? point.path.slice(0, -1) : point.path).filter(Boolean);
  return (
    <div title={pointPathText(point)} data-testid="measurement-point" style={{ minWidth: 0 }}>
      <Typography.Text ellipsis style={LINE}>
        {point.name}
      </Typography.Text>
      {groups.length > 0 && (
        <Typography.Text type="secondary" ellipsis style={{ ...LINE, fontSize: 12 }}>
          {groups.join(' / ')}
        </Typography.Text>
      )}
    </div>
  );
}
