/**
 * Federation runtime plugin of the shell (registered through `runtimePlugins` in the build).
 * The `errorLoadRemote` layer: it reports which remote failed and at which step, with the remote's
 * URL, then lets the error through so the slot's loader can retry and the slot can show its
 * message. (Returning a value here would hide the failure from the retry logic.)
 * The `fetch` hook hands the runtime a manifest already fetched (by public/prefetch.js or by the
 * kernel check, manifests.ts).
 * The `createScript` hook puts the release registry's integrity hash on a released version's
 * remoteEntry.js (shell/src/release/): the browser refuses an entry whose bytes are not the ones
 * that were published under that version.
 * The `beforePreloadRemote` hook turns off the runtime's own preloading of a first-screen remote's
 * files when it is loaded: public/prefetch.js has already asked for them, and the remote's chunk
 * loader fetches what it needs (from the browser's preload cache). The runtime's version walks the
 * manifest and the share scope and inserts <script>/<link> elements: one more long task per remote
 * on the first screen. Remotes loaded later (profile, auth) keep it: nothing preloaded them.
 * The other hooks only yield (yieldToMain.ts): the runtime would otherwise load every shared
 * module of the shell's start, and run a remote's entry, its `init` against the share scope, its
 * chunk loading and its module's evaluation, as one long task each; with a yield before each step
 * every step is a task of its own, short enough to leave the page responsive.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { entryIntegrity } from '../release/release-state';
import { takeManifestResponse } from './manifests';
import { FIRST_SCREEN } from './remotes-config';
import { yieldToMain } from './yieldToMain';

export default function need40RuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'need40-shell-runtime-plugin',
    fetch(url) {
      // Resolving to undefined (not fetched yet, or the fetch failed) makes the runtime fetch the manifest itself.
      return takeManifestResponse(url) as Promise<Response> | undefined;
    },
    createScript({ url, attrs }) {
      const integrity = entryIntegrity(url);
      if (integrity && attrs) {
        attrs.integrity = integrity;
        // Subresource Integrity on another origin needs a CORS request (the store sends the headers).
        if (new URL(url, location.href).origin !== location.origin) attrs.crossorigin = 'anonymous';
      }
      return undefined;
    },
    beforePreloadRemote({ preloadOps }) {
      // The runtime reads the list after this hook: what is taken out here is not preloaded.
      const keep = preloadOps.filter((op) => !FIRST_SCREEN.has(op.nameOrAlias));
      preloadOps.splice(0, preloadOps.length, ...keep);
    },
    async beforeLoadShare(args) {
      await yieldToMain();
      return args;
    },
    async beforeInitContainer(args) {
      await yieldToMain();
      return args;
    },
    async beforeGetExpose() {
      await yieldToMain();
    },
    async beforeExecuteFactory() {
      await yieldToMain();
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[need40] federation: ${String(id)} failed during ${lifecycle}`, error);
      return undefined;
    },
  };
}
