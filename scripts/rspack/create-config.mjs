// One rspack 2 + Module Federation configuration for the shell and every remote, so the
// share scope (singletons + versions), hashing, CSS Modules and dev-server headers can never
// drift between independently built apps. Each app's rspack.config.mjs is a few lines over this.
//
//   import { rspack } from '@rspack/core';
//   import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
//   export default createAppConfig({ rspack, ModuleFederationPlugin, name: 'campaign', dir: import.meta.dirname });
//
// The port and the exposes map come from remotes.manifest.json (scripts/remotes.mjs).
// rspack and the plugin are passed in because they are each app's own devDependencies
// (this folder has no node_modules of its own).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appNamed, portOf, SHELL } from '../remotes.mjs';
import { emitJsonAsset, emitRemotesJson, remotesJsonMiddleware } from './remotes-json.mjs';
import { providedScope, sharedSingletons } from './shared-scope.mjs';
import { standaloneRuntimeConfig } from './standalone-runtime-config.mjs';

// Every remote's standalone page is the same few lines: one template here, not a copy per remote.
// The shell has its own page (shell/public/index.html: the first screen before any JavaScript).
const REMOTE_TEMPLATE = path.join(import.meta.dirname, 'remote-index.html');

/**
 * @param {object} o
 * @param {typeof import('@rspack/core').rspack} o.rspack
 * @param {any} o.ModuleFederationPlugin  from '@module-federation/enhanced/rspack'
 * @param {string} o.name      the app's name in remotes.manifest.json (shell, campaign, gigs, …)
 * @param {string} o.dir       the app's directory (import.meta.dirname)
 */
export function createAppConfig({ rspack, ModuleFederationPlugin, name, dir }) {
  const self = appNamed(name);
  const isHost = name === SHELL.name;
  const exposes = self.exposes;
  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const prod = mode === 'production';
    const devPort = portOf(self);
    const outDir = process.env.NEED40_OUT_DIR ? path.resolve(process.env.NEED40_OUT_DIR) : path.join(dir, 'dist');
    const require = createRequire(path.join(dir, 'package.json'));
    const publicDir = path.join(dir, 'public');
    const title = isHost ? 'Need40 — fair-pay gigs' : `Need40 · ${name} (standalone)`;

    const app = {
      name,
      mode,
      context: dir,
      target: ['web', 'es2022'],
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: outDir,
        // The shell lives at the site root; a remote finds its own URL at run time so it can be
        // redeployed anywhere (remotes.json points at its mf-manifest.json).
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `need40_${name}`,
        filename: prod ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
        crossOriginLoading: 'anonymous',
      },
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod } },
              },
            },
            type: 'javascript/auto',
          },
          // rspack 2 native CSS: `*.module.css` are CSS Modules (scoped class names), any other
          // `.css` is global (the shared design tokens). Nothing extra to install.
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset' },
        ],
        // Default import (`import styles from './x.module.css'`) in every app and in vitest.
        parser: { 'css/auto': { namedExports: false } },
        generator: {
          'css/auto': { localIdentName: prod ? '[hash:base64:8]' : '[name]__[local]__[hash:base64:5]', exportsConvention: 'as-is' },
        },
      },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: isHost ? path.join(publicDir, 'index.html') : REMOTE_TEMPLATE,
          title,
          filename: 'index.html',
          chunks: ['main'],
          minify: prod,
        }),
        new rspack.CopyRspackPlugin({
          patterns: [{ from: publicDir, globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }],
        }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
        ...(isHost ? [emitRemotesJson(rspack), emitJsonAsset(rspack, 'share-scope.json', providedScope(dir))] : []),
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          // Remotes are registered at run time from remotes.json (shell/src/federation).
          remotes: {},
          shared: sharedSingletons(dir),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          runtimePlugins: isHost ? [require.resolve('./src/federation/runtime-plugin.ts')] : [],
          // One federation runtime per page: the shell provides it (global _FEDERATION_RUNTIME_CORE),
          // the remotes' entries leave it out (~34 KB gzip each). A remote's standalone page gets it
          // from standalone-runtime.js (the second compiler below).
          experiments: isHost
            ? { provideExternalRuntime: true, optimization: { target: 'web' } }
            : { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true, disableRemote: true } },
        }),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: prod ? 'deterministic' : 'named',
        // supabase-js and its auth client in two chunks: each script's compile is a task of its own
        // (one chunk of both is one long task at a phone's speed: total blocking time).
        splitChunks: {
          cacheGroups: { supabaseAuth: { test: /[\\/]@supabase[\\/]auth-js[\\/]/, name: 'supabase-auth', chunks: 'async', enforce: true } },
        },
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        host: process.env.HOST ?? 'localhost',
        hot: true,
        liveReload: true,
        historyApiFallback: false,
        // A remote may have no public/ folder at all (its page is REMOTE_TEMPLATE).
        static: fs.existsSync(publicDir) ? { directory: publicDir, watch: true } : false,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
          'Cache-Control': 'no-cache',
        },
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        // The shell's dev server answers /remotes.json from the same PORT_* variables the remotes'
        // dev servers use, so `pnpm dev` with other ports needs no file edits.
        ...(isHost
          ? {
              setupMiddlewares: (middlewares) => [
                remotesJsonMiddleware,
                ...middlewares,
              ],
            }
          : {}),
      },
    };
    if (isHost) return app;
    app.output.clean = { keep: (file) => file.startsWith('standalone-runtime') };
    return [app, standaloneRuntimeConfig({ rspack, name, dir, outDir, mode, require })];
  };
}
