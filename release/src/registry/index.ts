/** The browser-safe part of @need40/release: what the shell bundles (no Node module in here). */
export * from './types';
export * from './format';
export * from './canary';
export * from './override';
export * from './resolve';
