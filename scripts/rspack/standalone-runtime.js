// Sets the federation runtime a remote built with `experiments.externalRuntime` expects, for the
// remote's standalone page (in the composed page the shell provides it). See create-config.mjs.
import * as runtimeCore from 'need40-federation-runtime-core';

if (!globalThis._FEDERATION_RUNTIME_CORE) {
  globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
  globalThis._FEDERATION_RUNTIME_CORE_FROM = { name: 'standalone', version: 'standalone' };
}
