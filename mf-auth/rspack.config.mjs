// mf-auth: Module Federation remote "auth" (port 3004, PORT_AUTH overrides).
// Exposes the contract the shell loads; also builds a standalone page (src/bootstrap.tsx).
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig } from '../scripts/rspack/create-config.mjs';

export default createAppConfig({
  rspack,
  ModuleFederationPlugin,
  name: 'auth',
  dir: import.meta.dirname,
  port: 3004,
  exposes: { './AuthModal': './src/app/AuthModal.tsx' },
});
