/** OWNED BY the maintenance web helper: replace this stub. The point's maintenance tab (spec 001 §2 "Maintenance"). */
export function MaintenanceTab({ pointId }: { pointId: string }) {
  return <div data-testid="maintenance-tab" data-point-id={pointId} />;
}
