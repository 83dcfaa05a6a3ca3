export { DashboardTab } from './DashboardTab';
