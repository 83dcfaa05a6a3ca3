export { MaintenanceTab } from './MaintenanceTab';
