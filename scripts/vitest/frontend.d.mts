// Types of frontend.mjs for the packages' vitest.config.ts.
import type { UserConfig } from 'vitest/config';

declare const config: UserConfig;
export default config;
