// The second compiler of every remote: the federation runtime for its standalone page.
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The federation runtime for a remote's standalone page only (the composed page gets it from the
 * shell): a plain script, built without Module Federation, that sets the global the remote's
 * externalized runtime reads. remote-index.html (the standalone page) loads it before the app.
 */
export function standaloneRuntimeConfig({ rspack, name, dir, outDir, mode, require }) {
  const mfRequire = createRequire(require.resolve('@module-federation/enhanced/rspack'));
  const runtimeCore = mfRequire.resolve('@module-federation/runtime-tools/runtime-core');
  return {
    name: `${name}-standalone-runtime`,
    dependencies: [name],
    mode,
    context: dir,
    target: ['web', 'es2022'],
    devtool: false,
    entry: { 'standalone-runtime': path.join(import.meta.dirname, 'standalone-runtime.js') },
    output: { path: outDir, filename: '[name].js', clean: false, iife: true },
    resolve: { alias: { 'need40-federation-runtime-core$': runtimeCore } },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) })],
    performance: { hints: false },
  };
}
