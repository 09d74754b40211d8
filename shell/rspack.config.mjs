// shell: the Module Federation host (port: remotes.manifest.json; PORT_SHELL overrides). It knows
// no remote at build time: src/federation/ registers them at run time from /remotes.json.
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig } from '../scripts/rspack/create-config.mjs';

export default createAppConfig({ rspack, ModuleFederationPlugin, name: 'shell', dir: import.meta.dirname });
