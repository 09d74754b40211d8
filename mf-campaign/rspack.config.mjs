// mf-campaign: Module Federation remote "campaign" (port and exposes: remotes.manifest.json; PORT_CAMPAIGN overrides).
// Exposes the contract the shell loads; also builds a standalone page (src/bootstrap.tsx).
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig } from '../scripts/rspack/create-config.mjs';

export default createAppConfig({ rspack, ModuleFederationPlugin, name: 'campaign', dir: import.meta.dirname });
