/**
 * @need40/shared — the one instance of everything the shell and the remotes must agree on.
 * Shared as a Module Federation singleton: import it by package name only, never by path.
 */
export * from './constants';
export * from './types';
export * from './format';
export * from './validation';
export * from './mapping';
export * from './config';
export * from './supabase';
export * from './session';
export * from './ui';
export * from './errors';
