/*
 * Need40 shell: start the page's first requests while the shell's own JavaScript is still
 * downloading: /config.json, /remotes.json, then the mf-manifest.json of each remote remotes.json
 * lists under `firstScreen` (from remotes.manifest.json), and preload its remoteEntry.js and the
 * exposed module's files. It also preconnects to the backend (config.json `supabaseUrl`, for the
 * first data calls) and to each first-screen remote's origin for its scripts, which the browser
 * loads on a connection of their own (no CORS) beside the one the manifest fetch opens. The shell takes these results over
 * (src/federation/prefetch.ts) instead of fetching again; if anything here fails, the shell simply
 * fetches on its own. Plain script: no build step.
 * With a release registry (remotes.json `registry`), it is fetched at once too, and a first-screen
 * remote it names is prefetched at its current version, with the entry's integrity hash — unless
 * that remote has a canary or a QA override is on: which version this visitor gets is then the
 * shell's decision (src/release/resolve-release.ts), and guessing would fetch a version twice.
 */
(function () {
  'use strict';
  var store = { config: null, remotes: null, manifests: {} };
  window.__need40Prefetch = store;
  if (typeof fetch !== 'function' || typeof URL !== 'function') return;

  function preload(href, as, crossorigin, integrity) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    if (crossorigin) link.crossOrigin = 'anonymous';
    if (integrity) link.integrity = integrity;
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

  function preloadAssets(manifestUrl, manifest, integrity) {
    var meta = manifest && manifest.metaData;
    if (!meta || !meta.remoteEntry) return;
    var base = meta.publicPath && meta.publicPath !== 'auto' ? meta.publicPath : new URL('.', manifestUrl).href;
    var entry = meta.remoteEntry;
    // The federation runtime inserts remoteEntry.js without a crossorigin attribute; a released
    // version's entry carries its integrity hash (and crossorigin when the store is another origin).
    var entryUrl = new URL((entry.path ? entry.path + '/' : '') + entry.name, base);
    preload(entryUrl.href, 'script', !!integrity && entryUrl.origin !== location.origin, integrity);
    // The exposed module's chunks are loaded by the remote's own chunk loader, which asks for
    // CORS (crossorigin="anonymous", rspack's crossOriginLoading) exactly when the file is on
    // another origin. A preload must ask the same way, or the browser fetches the file twice and
    // warns "preload … not used because the request credentials mode does not match".
    (manifest.exposes || []).forEach(function (expose) {
      var assets = expose.assets || {};
      ((assets.js && assets.js.sync) || []).forEach(function (file) {
        var url = new URL(file, base);
        preload(url.href, 'script', url.origin !== location.origin);
      });
      ((assets.css && assets.css.sync) || []).forEach(function (file) {
        var url = new URL(file, base);
        preload(url.href, 'style', url.origin !== location.origin);
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

  function prefetchManifest(url, integrity) {
    var href = new URL(url, location.href).href;
    preconnect(href, false);
    var manifest = fetch(href).then(function (res) {
      if (!res.ok) throw new Error(href + ' answered ' + res.status);
      return res.json();
    });
    store.manifests[href] = manifest;
    manifest.then(
      function (json) {
        preloadAssets(href, json, integrity);
      },
      function () {
        /* the shell's loader reports it */
      },
    );
  }

  // The same test as src/release/qa-override.ts: a parameter or a cookie named need40_release.
  var overridden = /(?:[?&]need40_release=)|(?:(?:^|;\s*)need40_release=)/.test(location.search + '|' + document.cookie);

  store.remotes.then(function (config) {
    if (!config || !config.remotes || !Array.isArray(config.firstScreen)) return;
    if (typeof config.registry !== 'string') {
      config.firstScreen.forEach(function (name) {
        if (typeof config.remotes[name] === 'string') prefetchManifest(config.remotes[name], null);
      });
      return;
    }
    var registryUrl = new URL(config.registry, location.href).href;
    var releases = new URL(typeof config.releases === 'string' ? config.releases : '../releases/', registryUrl).href;
    var response = fetch(registryUrl, { cache: 'no-cache' });
    store.registry = { url: registryUrl, response: response };
    response
      .then(function (res) {
        return res.status === 404 ? { remotes: {} } : res.clone().json();
      })
      .then(function (doc) {
        config.firstScreen.forEach(function (name) {
          var entry = doc && doc.remotes && doc.remotes[name];
          if (!entry) {
            if (typeof config.remotes[name] === 'string') prefetchManifest(config.remotes[name], null);
          } else if (!entry.canary && !overridden && entry.current) {
            prefetchManifest(releases + name + '/' + entry.current.version + '/mf-manifest.json', entry.current.integrity);
          }
        });
      })
      .catch(function () {
        /* the shell falls back to the copy it kept */
      });
  });
})();
