export * from './topics.ts';
export * from './chunks.ts';
export * from './messages.ts';
export * from './schedule.ts';
export * from './limits.ts';
