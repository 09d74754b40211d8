/**
 * Configuration, not a feature: part of loadConfig (config.ts). TRUST_PROXY says which peers are
 * reverse proxies whose X-Forwarded-For / -Proto / -Host headers the backend believes, so that
 * request.ip is the real client behind nginx (per-IP rate limits, sign-in lockouts, session and
 * audit addresses). Unset or `false`: nothing is trusted and request.ip is the TCP peer — behind a
 * proxy every client then looks like the proxy, and one client's failures lock out everyone.
 *
 *   TRUST_PROXY=127.0.0.1            the proxy's addresses or CIDRs, comma-separated (preferred), or
 *   TRUST_PROXY=loopback,10.0.0.0/8  proxy-addr's names: loopback, linklocal, uniquelocal
 *   TRUST_PROXY=1                    a hop count: the nearest N peers are proxies, whoever they are
 *
 * A hop count trusts the immediate peer without checking its address, so a client that reaches the
 * backend directly could name any address: use it only when the backend listens where nothing but
 * the proxy can reach it. Fastify 5 answers a numeric trustProxy by trusting nothing (fail closed),
 * so the count is given to it as the equivalent function, on purpose.
 */
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy = false | ((address: string, hop: number) => boolean);

export function parseTrustProxy(value: string | undefined): { trustProxy: TrustProxy; problem?: string } {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { trustProxy: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) return { trustProxy: false, problem: 'TRUST_PROXY: a hop count is at most 10' };
    return { trustProxy: (_address, hop) => hop < hops };
  }
  if (text === 'true') {
    return { trustProxy: false, problem: 'TRUST_PROXY: "true" would believe any client\'s X-Forwarded-For; give the proxy\'s addresses (e.g. 127.0.0.1) or a hop count' };
  }
  try {
    return { trustProxy: proxyAddr.compile(text.split(',').map((s) => s.trim()).filter(Boolean)) };
  } catch (error) {
    return { trustProxy: false, problem: `TRUST_PROXY: ${(error as Error).message} (expected addresses or CIDRs, loopback, linklocal, uniquelocal, or a hop count)` };
  }
}
