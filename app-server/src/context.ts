/**
 * What the app server's modules are handed: the platform's services (configuration, database,
 * clock, metrics) and the platform's functions (backend/src/platform.ts), joined once at
 * registration (index.ts). Only types come from the backend package; the functions arrive here,
 * so this package has no run-time import of the platform and the platform none of the app.
 */
import type { Platform, Services } from 'backend/platform';

export interface AppServices extends Services {
  platform: Platform;
}
