export { ConditionControlTab } from './ConditionControlTab';
