const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { DefinePlugin } = require('webpack');

// pdf.js's worker, standard fonts, CMaps, ICC profiles and its image decoders' JavaScript fallback, served by
// the portal (docs/spec.md §2 Pack reader: nothing from a CDN) under a path naming the version, so a new
// release never meets an old cached worker. The worker is copied as .js so that the server gives it a
// JavaScript type (module workers need one). src/features/reader/pdf.ts points pdf.js at these.
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjsVersion = require('pdfjs-dist/package.json').version;
const pdfjsAssets = `assets/pdfjs-${pdfjsVersion}`;

/** Writes the chunk groups of the build to .webpack-stats.json for scripts/bundle-sizes.mjs. */
class ChunkGroupsPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('ChunkGroupsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        entrypoints: true,
        chunkGroups: true,
        outputPath: true,
      });
      const pick = (groups) =>
        Object.fromEntries(
          Object.entries(groups || {}).map(([name, g]) => [name, g.assets.map((a) => a.name)]),
        );
      fs.writeFileSync(
        path.resolve(__dirname, '.webpack-stats.json'),
        JSON.stringify(
          {
            outputPath: json.outputPath,
            entrypoints: pick(json.entrypoints),
            chunkGroups: pick(json.namedChunkGroups),
          },
          null,
          2,
        ),
      );
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@': path.resolve(__dirname, 'src'),
        // react-router's export map always points at its development build (warnings, dev
        // checks); production bundles use the production build it ships beside it.
        ...(production && {
          'pdfjs-dist$': path.resolve(__dirname, 'node_modules/pdfjs-dist/build/pdf.min.mjs'),
          'react-router$': path.resolve(
            __dirname,
            'node_modules/react-router/dist/production/index.mjs',
          ),
        }),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2020',
                preserveAllComments: true,
                transform: {
                  react: { runtime: 'automatic', development: !production, refresh: false },
                },
              },
            },
          },
        },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimize: production,
      minimizer: [
        new TerserPlugin({
          // pdf.js ships its own minified build (below); swc's minifier stops on its source.
          exclude: /[\\/]pdfjs\./,
          minify: TerserPlugin.swcMinify,
          terserOptions: { compress: true, mangle: true },
        }),
      ],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // The packages the sign-in page needs beyond the entry's (MUI's button, input, card and
          // link) in one file rather than four or five: separately gzipped they cost about 2 KB more
          // (docs/performance.md). Pages that use any of them load the same file.
          // pdf.js in a file of its own, loaded only with the reader's chunk (docs/spec.md §2 Pack reader).
          pdfjs: {
            name: 'pdfjs',
            chunks: 'async',
            priority: 20,
            enforce: true,
            test: /[\\/]node_modules[\\/]pdfjs-dist[\\/]/,
          },
          signInVendors: {
            name: 'sign-in-vendors',
            chunks: 'async',
            priority: 10,
            enforce: true,
            test: (module, { chunkGraph }) =>
              /[\\/]node_modules[\\/]/.test(module.resource ?? '') &&
              [...chunkGraph.getModuleChunksIterable(module)].some((chunk) =>
                [...chunk.groupsIterable].some((group) => group.name === 'page-login'),
              ),
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    plugins: [
      // src/lib/pdf-worker.ts starts the worker before pdf.js itself has loaded.
      new DefinePlugin({ PDFJS_WORKER_URL: JSON.stringify(`/${pdfjsAssets}/pdf.worker.min.js`) }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        scriptLoading: 'defer',
      }),
      new CopyPlugin({
        // Already minified by pdf.js: the minimizer leaves them as they are.
        patterns: [
          {
            from: path.join(pdfjsDir, 'build/pdf.worker.min.mjs'),
            to: `${pdfjsAssets}/pdf.worker.min.js`,
            info: { minimized: true },
          },
          { from: path.join(pdfjsDir, 'standard_fonts'), to: `${pdfjsAssets}/standard_fonts` },
          { from: path.join(pdfjsDir, 'cmaps'), to: `${pdfjsAssets}/cmaps` },
          { from: path.join(pdfjsDir, 'iccs'), to: `${pdfjsAssets}/iccs` },
          {
            from: path.join(pdfjsDir, 'wasm/openjpeg_nowasm_fallback.js'),
            to: `${pdfjsAssets}/wasm/openjpeg_nowasm_fallback.js`,
            info: { minimized: true },
          },
        ],
      }),
      new ChunkGroupsPlugin(),
      // The installable app (docs/spec.md §2 Pack reader, Offline on a phone): its manifest and icons.
      new CopyPlugin({
        patterns: [
          { from: 'public/manifest.webmanifest', to: 'manifest.webmanifest' },
          { from: 'public/icons', to: 'icons' },
        ],
      }),
      // The service worker, only in production builds (the dev server rebuilds too often for one):
      // it precaches everything webpack emits but source maps and very large files.
      ...(production
        ? [
            new InjectManifest({
              swSrc: './src/service-worker.ts',
              swDest: 'service-worker.js',
              exclude: [
                /\.map$/,
                /^\.webpack-stats/,
                /\.LICENSE\.txt$/,
                /pdfjs-[^/]+\/(cmaps|iccs)\//,
              ],
              maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
            }),
          ]
        : []),
    ],
    devServer: {
      port: 3000,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: 'http://localhost:8080' }],
    },
  };
};
