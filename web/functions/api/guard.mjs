// What stands between the open internet and the keys: origin and CORS rules, the optional shared secret,
// a per-client rate limit, and size limits on the request body.
import { createHash, timingSafeEqual } from "node:crypto";
import { readCapped } from "./body.mjs";
import { ProxyError } from "./errors.mjs";

export const SECRET_HEADER = "x-memlace-secret";

/** null when the origin may call (or sent none: not a browser), else the refusal. */
export function checkOrigin(request, settings) {
  const origin = request.headers.get("origin");
  if (!origin) return null;
  const own = new URL(request.url).origin;
  if (origin === own || settings.origins.includes(origin) || settings.origins.includes("*")) return null;
  return new ProxyError(403, "origin_not_allowed", "this site is not allowed to use the memlace proxy");
}

/** CORS headers for an allowed cross-origin caller (none for same-origin or non-browser callers). */
export function corsHeaders(request) {
  const origin = request.headers.get("origin");
  const headers = { Vary: "Origin" };
  if (origin && origin !== new URL(request.url).origin) {
    headers["Access-Control-Allow-Origin"] = origin;
    headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS";
    headers["Access-Control-Allow-Headers"] = `content-type, ${SECRET_HEADER}`;
    headers["Access-Control-Expose-Headers"] = "Retry-After";
    headers["Access-Control-Max-Age"] = "600";
  }
  return headers;
}

function digest(text) {
  return createHash("sha256").update(text).digest();
}

export function checkSecret(request, settings) {
  if (!settings.secret) return null;
  const given = request.headers.get(SECRET_HEADER) || "";
  // Compare digests so the comparison takes the same time whatever the lengths.
  if (timingSafeEqual(digest(given), digest(settings.secret))) return null;
  return new ProxyError(401, "secret_required", "this proxy needs the shared secret (header X-Memlace-Secret)");
}

/** A token bucket per client: `perMinute` requests a minute, with bursts up to the same number. */
export class RateLimiter {
  constructor(perMinute, now = () => Date.now(), maxClients = 10_000) {
    this.perMinute = perMinute;
    this.now = now;
    this.maxClients = maxClients;
    this.buckets = new Map();
  }

  /** Seconds to wait before the client may call again; 0 means the call is allowed (and counted). */
  take(client) {
    const now = this.now();
    const bucket = this.buckets.get(client) || { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    this.buckets.delete(client); // re-inserted last: the Map's order is least recently seen first
    if (this.buckets.size >= this.maxClients) this.buckets.delete(this.buckets.keys().next().value);
    this.buckets.set(client, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((1 - bucket.tokens) / this.perMinute) * 60));
  }
}

export const BODY_DEADLINE_MS = 10_000;

/** The request's JSON body, read up to `limit` bytes and within `deadlineMs`. */
export async function readBody(request, limit, deadlineMs = BODY_DEADLINE_MS) {
  const declared = Number(request.headers.get("content-length") || 0);
  const tooLarge = new ProxyError(413, "body_too_large", `the request body is over ${limit} bytes`);
  if (declared > limit) throw tooLarge;
  if (!request.body) throw new ProxyError(400, "invalid_request", "the request has no body");
  const late = new ProxyError(408, "body_timeout", `the request body did not arrive within ${deadlineMs / 1000} s`);
  const bytes = await readCapped(request.body, limit, () => {
    throw tooLarge;
  }, { ms: deadlineMs, error: late });
  try {
    const value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {
    // fall through to the same error
  }
  throw new ProxyError(400, "invalid_request", "the request body must be a JSON object");
}
