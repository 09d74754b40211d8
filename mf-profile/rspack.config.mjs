// mf-profile: Module Federation remote "profile" (port and exposes: remotes.manifest.json; PORT_PROFILE overrides).
// Exposes the contract the shell loads; also builds a standalone page (src/bootstrap.tsx).
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig } from '../scripts/rspack/create-config.mjs';

export default createAppConfig({ rspack, ModuleFederationPlugin, name: 'profile', dir: import.meta.dirname });
