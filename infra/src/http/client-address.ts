import type { Config } from '../config/config';

/** An Express 'trust proxy' setting: false believes no X-Forwarded-For, a string names the proxies believed. */
export type TrustProxy = string | false;

function setting(configured: string | undefined, fallback: TrustProxy): TrustProxy {
  if (configured === undefined) return fallback;
  return configured === 'none' || configured === 'false' ? false : configured;
}

/**
 * The edge (the gateway, the one-process server) believes no client's X-Forwarded-For: a client
 * cannot choose the address its rate limits count against. TRUST_PROXY names a proxy in front of
 * it (a TLS terminator) when there is one. Decision 0021.
 */
export const edgeTrust = (config: Pick<Config, 'trustProxy'>): TrustProxy => setting(config.trustProxy, false);

/** A service behind the gateway believes only the gateway: loopback unless TRUST_PROXY says where it runs. */
export const serviceTrust = (config: Pick<Config, 'trustProxy'>): TrustProxy => setting(config.trustProxy, 'loopback');
