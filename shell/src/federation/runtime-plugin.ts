/**
 * Federation runtime plugin of the shell (registered through `runtimePlugins` in the build).
 * The `errorLoadRemote` layer: it reports which remote failed and at which step, with the remote's
 * URL, then lets the error through so the slot's loader can retry and the slot can show its
 * message. (Returning a value here would hide the failure from the retry logic.)
 * The `fetch` hook hands the runtime a manifest public/prefetch.js already fetched.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takePrefetchedManifest } from './prefetch';

export default function need40RuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'need40-shell-runtime-plugin',
    fetch(url) {
      // Resolving to undefined (prefetch failed) makes the runtime fetch the manifest itself.
      return takePrefetchedManifest(url) as Promise<Response> | undefined;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[need40] federation: ${String(id)} failed during ${lifecycle}`, error);
      return undefined;
    },
  };
}
