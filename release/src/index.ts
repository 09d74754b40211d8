/** The Node side of @need40/release, for the e2e suite and drills (the CLI is cli.ts). */
export { describeBuild, hashBuild, RELEASE_INFO, type ReleaseInfo } from './build';
export { checkShared, readShellScope } from './gates/shared';
export { checkExposes } from './gates/contract';
export { GateFailed, readReleaseInfo, runGates } from './gates';
export { promote, rollback, rollbackCanary, startCanary, RefusedChange } from './mutations';
export { FolderStore } from './store/folder';
export type { ReleaseStore } from './store/types';
export { updateRegistry } from './writer';
export { judgeCanary, watchOnce, backendStats, type CanaryStats } from './watch';
