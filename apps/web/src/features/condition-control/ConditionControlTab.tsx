/** OWNED BY the condition-control helper: replace this stub. The point's condition control tab (issue 16). */
export function ConditionControlTab({ pointId }: { pointId: string }) {
  return <div data-testid="condition-control-tab" data-point-id={pointId} />;
}
