/**
 * What `burrow`'s bundle gets for `import … from 'undici'`: the three names the platform client uses
 * (Agent, EnvHttpProxyAgent, request), taken from undici's own modules, without the rest of its index
 * (fetch, WebSocket, caches, mocks), which would cost a proxied `burrow api` run ~20 ms and ~7 MiB more to load.
 * It sits in the chunk that only a proxied request imports; direct requests never load undici at all.
 * The Electron build keeps the whole package; the CLI tests run `burrow api` through this bundle.
 */
'use strict';
const Agent = require('undici/lib/dispatcher/agent.js');
const EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent.js');
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const api = require('undici/lib/api/index.js');

// undici's index attaches its whole API (request, connect, …) to every dispatcher: the proxy agent opens its
// tunnel with `connect`, so attaching only `request` breaks every proxied request.
Object.assign(Dispatcher.prototype, api);

/** undici's `request(url, { dispatcher, … })`, for a URL object and an explicit dispatcher, as the platform client calls it. */
function request(url, opts) {
  if (!(url instanceof URL)) throw new TypeError('burrow: request() takes a URL object in the CLI bundle');
  if (!opts || !opts.dispatcher) throw new TypeError('burrow: request() needs an explicit dispatcher in the CLI bundle');
  return opts.dispatcher.request({ ...opts, origin: url.origin, path: `${url.pathname}${url.search}`, method: opts.method || (opts.body ? 'PUT' : 'GET') });
}

module.exports = { Agent, EnvHttpProxyAgent, Dispatcher, request };
