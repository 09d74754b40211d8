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
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appNamed, portOf, remotesJson, SHELL } from '../remotes.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const catalogVersion = (pkg) => {
  // The pnpm catalog is the single source of truth for singleton versions.
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const m = yaml.match(new RegExp(`^\\s+"?${pkg.replace(/[/@.]/g, (c) => `\\${c}`)}"?:\\s*([^\\s#]+)`, 'm'));
  if (!m) throw new Error(`pnpm-workspace.yaml catalog has no version for ${pkg}`);
  return m[1];
};
/**
 * The kernel version an app builds against: the @need40/shared its own node_modules resolves to
 * (normally the workspace package). A remote declares `^<that version>`; the shell refuses to
 * load a remote whose range its kernel does not satisfy (shell/src/federation/kernel.ts).
 */
const kernelVersion = (dir) => JSON.parse(readFileSync(path.join(dir, 'node_modules/@need40/shared/package.json'), 'utf8')).version;

/** The share scope of an app in `dir`: one instance of each, with an explicit required version. */
export function sharedSingletons(dir = path.join(root, 'shell')) {
  const sharedVersion = kernelVersion(dir);
  const react = catalogVersion('react');
  const reactDom = catalogVersion('react-dom');
  const zustand = catalogVersion('zustand');
  const supabase = catalogVersion('@supabase/supabase-js');
  const single = (version) => ({ singleton: true, requiredVersion: `^${version}`, version });
  return {
    react: single(react),
    'react/': single(react),
    'react-dom': single(reactDom),
    'react-dom/': single(reactDom),
    zustand: single(zustand),
    'zustand/': single(zustand),
    '@supabase/supabase-js': single(supabase),
    // A workspace package would otherwise get requiredVersion "workspace:*", which nothing satisfies.
    '@need40/shared': { singleton: true, requiredVersion: `^${sharedVersion}`, version: sharedVersion },
  };
}

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
          template: path.join(publicDir, 'index.html'),
          title,
          filename: 'index.html',
          chunks: ['main'],
          minify: prod,
        }),
        new rspack.CopyRspackPlugin({
          patterns: [{ from: publicDir, globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }],
        }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
        ...(isHost ? [emitRemotesJson(rspack)] : []),
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
      optimization: { moduleIds: 'deterministic', chunkIds: prod ? 'deterministic' : 'named' },
      performance: { hints: false },
      devServer: {
        port: devPort,
        host: process.env.HOST ?? 'localhost',
        hot: true,
        liveReload: true,
        historyApiFallback: false,
        static: { directory: publicDir, watch: true },
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
                {
                  name: 'need40-remotes-json',
                  path: '/remotes.json',
                  middleware: (req, res) => {
                    const host = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
                    const json = remotesJson((r) => `http://${host}:${portOf(r)}/mf-manifest.json`, { loadTimeoutMs: 15000 });
                    res.setHeader('Content-Type', 'application/json');
                    res.setHeader('Cache-Control', 'no-cache');
                    res.end(JSON.stringify(json));
                  },
                },
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

/**
 * The shell's default remotes.json (every remote on localhost at its manifest port), written into
 * the build from remotes.manifest.json. `pnpm start` and a deployment replace it (README).
 */
function emitRemotesJson(rspack) {
  const json = remotesJson((r) => `http://localhost:${r.port}/mf-manifest.json`);
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('need40-remotes-json', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'need40-remotes-json', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          compilation.emitAsset('remotes.json', new rspack.sources.RawSource(`${JSON.stringify(json, null, 2)}\n`));
        });
      });
    },
  };
}

/**
 * The federation runtime for a remote's standalone page only (the composed page gets it from the
 * shell): a plain script, built without Module Federation, that sets the global the remote's
 * externalized runtime reads. public/index.html loads it before the app.
 */
function standaloneRuntimeConfig({ rspack, name, dir, outDir, mode, require }) {
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
