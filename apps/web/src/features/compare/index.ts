export { CompareBasketButton } from './CompareBasketButton';
export { CompareDialog } from './CompareDialog';
export { CompareTable } from './CompareTable';
