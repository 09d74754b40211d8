// mf-gigs: Module Federation remote "gigs" (port and exposes: remotes.manifest.json; PORT_GIGS overrides).
// Exposes the contract the shell loads; also builds a standalone page (src/bootstrap.tsx).
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig } from '../scripts/rspack/create-config.mjs';

export default createAppConfig({ rspack, ModuleFederationPlugin, name: 'gigs', dir: import.meta.dirname });
