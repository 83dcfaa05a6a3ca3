/** OWNED BY the dashboard web helper: replace this stub. The customer dashboard (spec 001 §2 "Dashboard tab"). */
export function DashboardTab({ points }: { points: readonly string[] | null }) {
  return <div data-testid="dashboard-tab" data-points={points?.join(',') ?? ''} />;
}
