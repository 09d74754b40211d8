// mf-admin: Module Federation remote "admin", the operators' console (port and exposes:
// remotes.manifest.json; PORT_ADMIN overrides). The shell loads it only for an operator at #admin.
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig } from '../scripts/rspack/create-config.mjs';

export default createAppConfig({ rspack, ModuleFederationPlugin, name: 'admin', dir: import.meta.dirname });
