// Preloaded (NODE_OPTIONS=--import) into every process of the examples check: the worker, Rstest and its test
// workers. Examples run offline: a TCP connection to anything but this machine (fetch, http, net) fails at once with
// a message that says so, instead of reaching out or hanging until a timeout. Local servers and sockets still work.
import net from 'node:net';

const LOCAL = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3}|0\.0\.0\.0|::)$/i;

/** @param {unknown[]} args the arguments of Socket#connect, possibly Node's internal normalised [options, cb] */
function target(args) {
  let first = args[0];
  if (Array.isArray(first)) first = first[0];
  if (first && typeof first === 'object') {
    const o = /** @type {{ host?: string; path?: string; port?: unknown }} */ (first);
    return o.path ? undefined : (o.host ?? 'localhost');
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first)))
    return typeof args[1] === 'string' ? args[1] : 'localhost';
  return undefined; // a pipe or Unix socket path
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = /** @type {typeof connect} */ (
  function (/** @type {unknown[]} */ ...args) {
    const host = target(args);
    if (host !== undefined && !LOCAL.test(host.replace(/^\[|\]$/g, ''))) {
      const error = Object.assign(new Error(`The docs' code examples run offline: no connection to ${host}`), {
        code: 'ENETUNREACH',
      });
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return connect.apply(this, /** @type {any} */ (args));
  }
);

// fetch's own error says only "fetch failed" (the reason is in `cause`, which test reports drop): refuse up front.
const realFetch = globalThis.fetch;
if (realFetch) {
  globalThis.fetch = /** @type {typeof fetch} */ (
    function (/** @type {Parameters<typeof fetch>} */ ...args) {
      const input = args[0];
      let host;
      try {
        host = new URL(typeof input === 'string' || input instanceof URL ? input : input.url).hostname;
      } catch {
        return realFetch.apply(this, args);
      }
      if (!LOCAL.test(host.replace(/^\[|\]$/g, ''))) {
        return Promise.reject(new TypeError(`The docs' code examples run offline: no fetch from ${host}`));
      }
      return realFetch.apply(this, args);
    }
  );
}
