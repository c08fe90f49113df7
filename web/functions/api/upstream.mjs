// Calls to the two upstream wire formats: OpenAI-compatible (/chat/completions, /embeddings) and Anthropic's
// Messages API. Every failure becomes a ProxyError with a fixed message: upstream bodies are never passed on,
// because they may echo the prompt, and nothing here ever mentions a key.
import { readCapped } from "./body.mjs";
import { ProxyError } from "./errors.mjs";
import { anthropicTools, anthropicTurns, openaiMessages, openaiTools, ToolCallCollector } from "./tools.mjs";

export { ProxyError };

const ANTHROPIC_VERSION = "2023-06-01";

function networkError(error) {
  if (error instanceof ProxyError) return error;
  if (error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new ProxyError(504, "upstream_timeout", "the model provider did not answer in time");
  }
  return new ProxyError(502, "upstream_unreachable", "the model provider could not be reached");
}

async function statusError(response) {
  await response.body?.cancel().catch(() => {});
  const status = response.status;
  if (status === 429) {
    const wait = Number(response.headers.get("retry-after"));
    const headers = Number.isFinite(wait) && wait >= 0 ? { "Retry-After": String(Math.min(Math.ceil(wait), 60)) } : {};
    return new ProxyError(429, "upstream_rate_limited", "the model provider is rate limiting: try again shortly", headers);
  }
  if (status === 401 || status === 403) {
    return new ProxyError(502, "upstream_auth", "the model provider refused the proxy's credentials");
  }
  if (status >= 500 || status === 408) {
    return new ProxyError(502, "upstream_error", `the model provider failed (status ${status})`);
  }
  return new ProxyError(502, "upstream_rejected", `the model provider rejected the request (status ${status})`);
}

async function send(fetchImpl, url, init, signal) {
  let response;
  try {
    response = await fetchImpl(url, { ...init, method: "POST", redirect: "error", signal });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await statusError(response);
  return response;
}

// Read at most `limit` bytes of a body: a huge upstream answer is refused, never buffered whole.
async function readJson(response, limit) {
  let bytes;
  try {
    bytes = await readCapped(response.body, limit, () => {
      throw new ProxyError(502, "upstream_too_large", "the model provider's answer was too large");
    });
  } catch (error) {
    throw networkError(error);
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ProxyError(502, "upstream_bad_response", "the model provider's answer was not valid JSON");
  }
}

function openaiHeaders(upstream) {
  const headers = { "content-type": "application/json" };
  if (upstream.key) headers.authorization = `Bearer ${upstream.key}`;
  return headers;
}

function anthropicRequest(messages) {
  const system = messages.filter((m) => m.role === "system").map((m) => m.content).join("\n\n");
  const turns = anthropicTurns(messages.filter((m) => m.role !== "system"));
  if (!turns.length || turns[0].role !== "user") turns.unshift({ role: "user", content: "(conversation start)" });
  return { system, messages: turns };
}

/** One completion as text. `options`: {json, maxTokens, temperature}. */
export async function complete(settings, choice, messages, options, fetchImpl = fetch) {
  const upstream = settings.upstreams[choice.provider];
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url;
  let init;
  if (choice.provider === "anthropic") {
    url = `${upstream.base}/v1/messages`;
    const body = { model: choice.model, max_tokens: options.maxTokens, temperature: options.temperature, ...anthropicRequest(messages) };
    init = { headers: { "content-type": "application/json", "x-api-key": upstream.key, "anthropic-version": ANTHROPIC_VERSION }, body: JSON.stringify(body) };
  } else {
    url = `${upstream.base}/chat/completions`;
    const body = { model: choice.model, messages, max_tokens: options.maxTokens, temperature: options.temperature };
    if (options.json && upstream.jsonMode) body.response_format = { type: "json_object" };
    init = { headers: openaiHeaders(upstream), body: JSON.stringify(body) };
  }
  const data = await readJson(await send(fetchImpl, url, init, signal), settings.maxUpstreamBytes);
  const text =
    choice.provider === "anthropic"
      ? Array.isArray(data?.content)
        ? data.content.filter((part) => part?.type === "text" && typeof part.text === "string").map((part) => part.text).join("")
        : undefined
      : data?.choices?.[0]?.message?.content;
  if (typeof text !== "string") throw new ProxyError(502, "upstream_bad_response", "the model provider's answer had no text");
  return text;
}

/** Vectors for texts, in order, from an OpenAI-compatible /embeddings endpoint. */
export async function embed(settings, choice, texts, fetchImpl = fetch) {
  const upstream = settings.upstreams.openai;
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const init = { headers: openaiHeaders(upstream), body: JSON.stringify({ model: choice.model, input: texts }) };
  const data = await readJson(await send(fetchImpl, `${upstream.base}/embeddings`, init, signal), settings.maxUpstreamBytes);
  const rows = Array.isArray(data?.data) ? data.data : [];
  const vectors = new Array(texts.length);
  for (const [position, row] of rows.entries()) {
    const index = Number.isInteger(row?.index) ? row.index : position;
    if (index >= 0 && index < texts.length && Array.isArray(row?.embedding) && row.embedding.every(Number.isFinite)) vectors[index] = row.embedding;
  }
  const dims = new Set(vectors.map((v) => v?.length));
  if (vectors.includes(undefined) || dims.size !== 1 || dims.has(0)) {
    throw new ProxyError(502, "upstream_bad_response", "the model provider's embeddings were incomplete");
  }
  return vectors;
}

// The `data:` payloads of a server-sent-event stream; aborts when no bytes arrive for idleMs.
async function* eventData(response, idleMs) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let lines = [];
  for (;;) {
    let timer;
    const idle = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new ProxyError(504, "upstream_timeout", "the model provider stopped answering")), idleMs);
    });
    let chunk;
    try {
      chunk = await Promise.race([reader.read(), idle]);
    } catch (error) {
      await reader.cancel().catch(() => {});
      throw networkError(error);
    } finally {
      clearTimeout(timer);
    }
    if (chunk.done) return;
    buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, "\n");
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line === "") {
        if (lines.length) yield lines.join("\n");
        lines = [];
      } else if (line.startsWith("data:")) {
        lines.push(line.slice(5).trimStart());
      }
    }
  }
}

/**
 * The answer as an async stream of text pieces; with `options.tools`, memlace's memory tools are offered and
 * the tool calls the model makes come last, as one {toolCalls: [...]} item.
 */
export async function* streamChat(settings, choice, messages, options, fetchImpl = fetch) {
  const upstream = settings.upstreams[choice.provider];
  const controller = new AbortController();
  const firstByte = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), settings.timeoutMs);
  let response;
  try {
    if (choice.provider === "anthropic") {
      const body = { model: choice.model, max_tokens: options.maxTokens, temperature: options.temperature, stream: true, ...anthropicRequest(messages) };
      if (options.tools) body.tools = anthropicTools();
      const headers = { "content-type": "application/json", "x-api-key": upstream.key, "anthropic-version": ANTHROPIC_VERSION };
      response = await send(fetchImpl, `${upstream.base}/v1/messages`, { headers, body: JSON.stringify(body) }, controller.signal);
    } else {
      const body = { model: choice.model, messages: openaiMessages(messages), max_tokens: options.maxTokens, temperature: options.temperature, stream: true };
      if (options.tools) body.tools = openaiTools();
      response = await send(fetchImpl, `${upstream.base}/chat/completions`, { headers: openaiHeaders(upstream), body: JSON.stringify(body) }, controller.signal);
    }
  } finally {
    clearTimeout(firstByte);
  }
  if (!/^text\/event-stream\b/i.test(response.headers.get("content-type") || "")) {
    // A JSON answer or an error page with status 200: never reported as an empty but successful answer.
    await response.body?.cancel().catch(() => {});
    throw new ProxyError(502, "upstream_bad_response", "the model provider did not stream its answer");
  }
  const collector = new ToolCallCollector();
  let received = 0;
  let events = 0;
  for await (const data of eventData(response, settings.timeoutMs)) {
    events += 1;
    if (data === "[DONE]") break;
    let event;
    try {
      event = JSON.parse(data);
    } catch {
      throw new ProxyError(502, "upstream_bad_response", "the model provider's stream was not valid JSON");
    }
    if (event?.type === "error" || event?.error) throw new ProxyError(502, "upstream_error", "the model provider failed mid-answer");
    if (options.tools) {
      if (choice.provider === "anthropic") collector.anthropic(event);
      else collector.openai(event?.choices?.[0]?.delta);
    }
    const piece = choice.provider === "anthropic" ? (event?.type === "content_block_delta" ? event.delta?.text : undefined) : event?.choices?.[0]?.delta?.content;
    if (typeof piece === "string" && piece) {
      received += piece.length;
      if (received > settings.maxUpstreamBytes) throw new ProxyError(502, "upstream_too_large", "the model provider's answer was too large");
      yield piece;
    }
    if (event?.type === "message_stop") break;
  }
  if (!events) throw new ProxyError(502, "upstream_bad_response", "the model provider's stream ended without an answer");
  const toolCalls = collector.finish();
  if (toolCalls.length) yield { toolCalls };
}
