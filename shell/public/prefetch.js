/*
 * Need40 shell: start the page's first requests while the shell's own JavaScript is still
 * downloading: /config.json, /remotes.json, then the mf-manifest.json of each remote remotes.json
 * lists under `firstScreen` (from remotes.manifest.json), and preload its remoteEntry.js and the
 * exposed module's files. It also preconnects to the backend (config.json `supabaseUrl`, for the
 * first data calls) and to each first-screen remote's origin for its scripts, which the browser
 * loads on a connection of their own (no CORS) beside the one the manifest fetch opens. The shell takes these results over
 * (src/federation/prefetch.ts) instead of fetching again; if anything here fails, the shell simply
 * fetches on its own. Plain script: no build step.
 */
(function () {
  'use strict';
  var store = { config: null, remotes: null, manifests: {} };
  window.__need40Prefetch = store;
  if (typeof fetch !== 'function' || typeof URL !== 'function') return;

  function preload(href, as, crossorigin) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    if (crossorigin) link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }

  var connected = {};
  function preconnect(url, crossorigin) {
    var origin;
    try {
      origin = new URL(url, location.href).origin;
    } catch {
      return;
    }
    var key = origin + (crossorigin ? ' cors' : '');
    if (origin === location.origin || connected[key]) return;
    connected[key] = true;
    var link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    if (crossorigin) link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }

  function preloadAssets(manifestUrl, manifest) {
    var meta = manifest && manifest.metaData;
    if (!meta || !meta.remoteEntry) return;
    var base = meta.publicPath && meta.publicPath !== 'auto' ? meta.publicPath : new URL('.', manifestUrl).href;
    var entry = meta.remoteEntry;
    // The federation runtime inserts remoteEntry.js without a crossorigin attribute.
    preload(new URL((entry.path ? entry.path + '/' : '') + entry.name, base).href, 'script', false);
    (manifest.exposes || []).forEach(function (expose) {
      var assets = expose.assets || {};
      ((assets.js && assets.js.sync) || []).forEach(function (file) {
        preload(new URL(file, base).href, 'script', false);
      });
      ((assets.css && assets.css.sync) || []).forEach(function (file) {
        preload(new URL(file, base).href, 'style', true);
      });
    });
  }

  store.config = fetch('/config.json')
    .then(function (res) {
      return res.ok ? res.json() : null;
    })
    .catch(function () {
      return null;
    });
  store.config.then(function (config) {
    if (config && typeof config.supabaseUrl === 'string') preconnect(config.supabaseUrl, true);
  });

  store.remotes = fetch('/remotes.json')
    .then(function (res) {
      return res.ok ? res.json() : null;
    })
    .catch(function () {
      return null;
    });

  store.remotes.then(function (config) {
    if (!config || !config.remotes || !Array.isArray(config.firstScreen)) return;
    config.firstScreen.forEach(function (name) {
      var url = config.remotes[name];
      if (typeof url !== 'string') return;
      var href = new URL(url, location.href).href;
      preconnect(href, false);
      var manifest = fetch(href).then(function (res) {
        if (!res.ok) throw new Error(href + ' answered ' + res.status);
        return res.json();
      });
      store.manifests[href] = manifest;
      manifest.then(
        function (json) {
          preloadAssets(href, json);
        },
        function () {
          /* the shell's loader reports it */
        },
      );
    });
  });
})();
