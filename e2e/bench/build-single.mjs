// Benchmark only: build the shell's source as ONE bundle, remote imports aliased to their source
// (single-runtime-shim.ts), no Module Federation. Same loaders, CSS Modules and hashing as the
// composed builds. Output: e2e/.runtime/bench/single/.
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(root, 'shell/package.json'));
const { rspack } = require('@rspack/core');

export function buildSingle(outDir = path.join(root, 'e2e/.runtime/bench/single')) {
  const shell = path.join(root, 'shell');
  const config = {
    mode: 'production',
    context: shell,
    target: ['web', 'es2022'],
    entry: { main: './src/index.ts' },
    devtool: false,
    output: {
      path: outDir,
      publicPath: '/',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      alias: { '@module-federation/enhanced/runtime$': path.join(import.meta.dirname, 'single-runtime-shim.ts') },
    },
    module: {
      parser: { 'css/auto': { namedExports: false } },
      generator: { 'css/auto': { localIdentName: '[hash:base64:8]' } },
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      // The shell's page and public files as they are, minus remotes.json: there are no remotes
      // in one bundle, so public/prefetch.js only prefetches config.json here.
      new rspack.HtmlRspackPlugin({ template: path.join(shell, 'public/index.html'), title: 'Need40 (single bundle)', minify: true }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(shell, 'public'), globOptions: { ignore: ['**/index.html', '**/remotes.json'] } }] }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      // No remotes, so no manifests: the kernel check reads none (single-manifests-shim.ts).
      new rspack.NormalModuleReplacementPlugin(/[\\/]federation[\\/]manifests\.ts$/, path.join(import.meta.dirname, 'single-manifests-shim.ts')),
    ],
    performance: { hints: false },
  };
  return new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(outDir);
    });
  });
}
