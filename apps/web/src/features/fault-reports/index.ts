export { FaultReportsTab } from './FaultReportsTab';
export { FaultReportsTabLabel } from './FaultReportsTabLabel';
