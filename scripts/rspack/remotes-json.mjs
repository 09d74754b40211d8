// remotes.json of the shell, from remotes.manifest.json: emitted into the production build (the
// default, replaced by `pnpm start` or a deployment) and answered by the dev server (`pnpm dev`).
import { portOf, remotesJson } from '../remotes.mjs';

/** A plugin that emits `fileName` with `json` into the build (remotes.json, share-scope.json). */
export function emitJsonAsset(rspack, fileName, json) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('need40-emit-json', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'need40-emit-json', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          compilation.emitAsset(fileName, new rspack.sources.RawSource(`${JSON.stringify(json, null, 2)}\n`));
        });
      });
    },
  };
}

/**
 * The shell's default remotes.json (every remote on localhost at its manifest port), written into
 * the build from remotes.manifest.json. `pnpm start` and a deployment replace it (README).
 */
export function emitRemotesJson(rspack) {
  return emitJsonAsset(rspack, 'remotes.json', remotesJson((r) => `http://localhost:${r.port}/mf-manifest.json`));
}

/** The shell dev server's /remotes.json: the remotes on the page's host at their PORT_* ports. */
export const remotesJsonMiddleware = {
  name: 'need40-remotes-json',
  path: '/remotes.json',
  middleware: (req, res) => {
    const host = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const json = remotesJson((r) => `http://${host}:${portOf(r)}/mf-manifest.json`, { loadTimeoutMs: 15000 });
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(JSON.stringify(json));
  },
};
