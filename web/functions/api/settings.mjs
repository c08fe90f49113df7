// The proxy's settings, read once per cold start from environment variables. Keys stay in this object
// and in the upstream request headers: nothing here is ever serialised into a response or a log line.

const ROUTES = ["chat", "extract", "select", "classify", "embed"];
const PROVIDERS = ["openai", "anthropic"];

function list(value) {
  return String(value || "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function positiveInt(value, fallback, name) {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive integer`);
  return number;
}

// "openai:gpt-4o-mini" -> {provider, model}; a bare name means the OpenAI-compatible upstream.
function parseModel(spec, route) {
  const at = spec.indexOf(":");
  const provider = at > 0 && PROVIDERS.includes(spec.slice(0, at)) ? spec.slice(0, at) : "openai";
  const model = at > 0 && PROVIDERS.includes(spec.slice(0, at)) ? spec.slice(at + 1) : spec;
  if (!model) throw new Error(`MEMLACE_MODEL_${route.toUpperCase()} has an empty model name`);
  if (route === "embed" && provider !== "openai") throw new Error("embeddings need an OpenAI-compatible upstream");
  return { provider, model, id: `${provider}:${model}` };
}

export function normaliseBase(url, name) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${name} is not a URL`);
  }
  if (!["http:", "https:"].includes(parsed.protocol)) throw new Error(`${name} must be http or https`);
  return parsed.href.replace(/\/+$/, "");
}

/** Settings from an environment (process.env on Netlify and under the local server). Throws on a bad value. */
export function readSettings(env) {
  const upstreams = {
    openai: {
      base: normaliseBase(env.MEMLACE_OPENAI_BASE_URL || "https://api.openai.com/v1", "MEMLACE_OPENAI_BASE_URL"),
      key: env.MEMLACE_OPENAI_API_KEY || "",
      // A local Ollama, vLLM or LM Studio needs no key: an explicit base URL is enough to count as configured.
      ready: Boolean(env.MEMLACE_OPENAI_API_KEY || env.MEMLACE_OPENAI_BASE_URL),
      jsonMode: env.MEMLACE_OPENAI_JSON_MODE !== "0",
    },
    anthropic: {
      base: normaliseBase(env.MEMLACE_ANTHROPIC_BASE_URL || "https://api.anthropic.com", "MEMLACE_ANTHROPIC_BASE_URL"),
      key: env.MEMLACE_ANTHROPIC_API_KEY || "",
      ready: Boolean(env.MEMLACE_ANTHROPIC_API_KEY),
    },
  };
  const models = {};
  for (const route of ROUTES) {
    const specs = list(env[`MEMLACE_MODEL_${route.toUpperCase()}`] || (route === "embed" ? "" : env.MEMLACE_MODEL));
    // The first model is the route's default; the others are the allowlist a client may pick from.
    models[route] = specs.map((spec) => parseModel(spec, route)).filter((m) => upstreams[m.provider].ready);
  }
  return {
    upstreams,
    models,
    origins: list(env.MEMLACE_ALLOWED_ORIGINS),
    secret: env.MEMLACE_SHARED_SECRET || "",
    ratePerMinute: positiveInt(env.MEMLACE_RATE_LIMIT, 60, "MEMLACE_RATE_LIMIT"),
    timeoutMs: positiveInt(env.MEMLACE_TIMEOUT_MS, 30_000, "MEMLACE_TIMEOUT_MS"),
    maxBodyBytes: positiveInt(env.MEMLACE_MAX_BODY_BYTES, 256 * 1024, "MEMLACE_MAX_BODY_BYTES"),
    maxUpstreamBytes: positiveInt(env.MEMLACE_MAX_UPSTREAM_BYTES, 8 * 1024 * 1024, "MEMLACE_MAX_UPSTREAM_BYTES"),
  };
}

export { ROUTES };
