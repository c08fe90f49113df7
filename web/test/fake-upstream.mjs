// A fake model provider on 127.0.0.1 for the tests: OpenAI-compatible (/v1/chat/completions, /v1/embeddings)
// and Anthropic (/v1/messages) wire formats, answering like a small obedient model. Tests script failures
// with POST /__script {"behaviours": [...]} (each consumed by one upstream call, in order):
//   {"status": 429, "retryAfter": 1} | {"status": 500} | {"status": 401} | {"delayMs": 2000} | {"hang": true}
//   {"body": "raw text"} | {"content": "model text"} | {"hugeBytes": 20000000} | {"streamError": true}
//   {"toolCalls": [{"name": "remember", "arguments": {...}} | {"name": ..., "raw": "{not json"}], "content"?: ""}
//     a streamed answer that ends by calling tools, in the wire format of the route that was called
// GET /__requests lists what arrived (path, headers, body); POST /__reset clears script and log.
// Run alone: node web/test/fake-upstream.mjs [--port N]  (prints "fake-upstream: http://127.0.0.1:N")
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const EXTRACT = /You extract long-term memories/;
const SELECT = /You choose which remembered notes/;
const CLASSIFY = /For each numbered pair/;

function fenced(text, label) {
  const match = new RegExp(`<<<${label}\\n([\\s\\S]*?)\\n>>>`).exec(text);
  return match ? match[1] : "";
}

// A tiny deterministic "model": typed memories and entities from the fenced message.
function extraction(prompt) {
  // The message block starts with its speaker: "Ana: I live in Lisbon".
  const block = fenced(prompt, "message");
  const [, speakerText = "User", message = block] = /^([^:\n]*):\s?([\s\S]*)$/.exec(block) || [];
  const speaker = speakerText.trim() || "User";
  const subject = ["user", "assistant"].includes(speaker) ? "User" : speaker;
  const entities = [];
  for (const match of message.matchAll(/\b(in|at|with|use|uses|using)\s+([A-Z][\w-]+(?:\s[A-Z][\w-]+)?)/g)) {
    const type = { in: "place", at: "organization", with: "person" }[match[1]] || "tool";
    if (!entities.some((e) => e.name === match[2])) entities.push({ name: match[2], type, aliases: [] });
  }
  const kind = /\b(prefer|love|like|hate)\b/i.test(message) ? "preference" : /\bnever\b/i.test(message) ? "negative" : "fact";
  const text = message.replace(/^I\b/, subject).replace(/\bmy\b/gi, `${subject}'s`).slice(0, 300);
  const memories = message.trim()
    ? [{ kind, text, subject, confidence: 0.9, importance: 0.6, entities: entities.map((e) => e.name), tags: ["fake"], ttl: "permanent" }]
    : [];
  return JSON.stringify({ entities, memories });
}

// The result of the tool call answered last, in either wire format, or null.
function toolResult(messages) {
  const last = messages.at(-1);
  if (last?.role === "tool") return last.content;
  const block = Array.isArray(last?.content) ? last.content.find((b) => b?.type === "tool_result") : null;
  return block ? String(block.content) : null;
}

function answerFor(messages) {
  const result = toolResult(messages);
  if (result !== null) return `Done. The tool said: ${result}`;
  const system = messages.filter((m) => m.role === "system").map((m) => m.content).join("\n");
  const user = messages.filter((m) => m.role === "user").map((m) => m.content).join("\n");
  if (EXTRACT.test(system)) return extraction(user);
  if (SELECT.test(system)) return "1";
  if (CLASSIFY.test(system)) {
    const pairs = (user.match(/NEW:/g) || []).length;
    return JSON.stringify({ results: Array.from({ length: pairs }, () => ({ label: "agrees", confidence: 0.9 })) });
  }
  const notes = (system.match(/^- /gm) || []).length;
  const last = messages.filter((m) => m.role === "user").at(-1)?.content || "";
  return `I was given ${notes} remembered notes. You said: ${last}`;
}

function vector(text, dim = 8) {
  const digest = createHash("sha256").update(text).digest();
  const values = Array.from({ length: dim }, (_, i) => digest[i] - 127.5);
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => v / norm);
}

function send(response, status, body, headers = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(text);
}

function pieces(text) {
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)].filter(Boolean);
}

async function stream(response, anthropic, text, behaviour) {
  response.writeHead(200, { "content-type": "text/event-stream" });
  const parts = pieces(text);
  for (const [i, part] of parts.entries()) {
    if (behaviour.streamError && i === 1) {
      response.end(anthropic ? 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error"}}\n\n' : 'data: {"error":{"message":"boom"}}\n\n');
      return;
    }
    const event = anthropic
      ? `event: content_block_delta\ndata: ${JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: part } })}\n\n`
      : `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: part } }] })}\n\n`;
    response.write(event);
    await new Promise((r) => setTimeout(r, 5));
  }
  for (const [i, call] of (behaviour.toolCalls || []).entries()) await streamToolCall(response, anthropic, i, call);
  response.end(anthropic ? 'event: message_stop\ndata: {"type":"message_stop"}\n\n' : "data: [DONE]\n\n");
}

// One tool call as the providers stream it: its name first, then its JSON arguments in two pieces.
async function streamToolCall(response, anthropic, i, call) {
  const json = call.raw ?? JSON.stringify(call.arguments ?? {});
  const halves = [json.slice(0, Math.ceil(json.length / 2)), json.slice(Math.ceil(json.length / 2))];
  const id = call.id ?? `toolu_${i + 1}`;
  const events = anthropic
    ? [
        { type: "content_block_start", index: i + 1, content_block: { type: "tool_use", id, name: call.name, input: {} } },
        ...halves.map((partial_json) => ({ type: "content_block_delta", index: i + 1, delta: { type: "input_json_delta", partial_json } })),
        { type: "content_block_stop", index: i + 1 },
      ]
    : [
        { choices: [{ index: 0, delta: { tool_calls: [{ index: i, id, type: "function", function: { name: call.name, arguments: "" } }] } }] },
        ...halves.map((piece) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: piece } }] } }] })),
      ];
  for (const event of events) {
    response.write(anthropic ? `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n` : `data: ${JSON.stringify(event)}\n\n`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

export function startFakeUpstream({ port = 0 } = {}) {
  const script = [];
  const requests = [];
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = new URL(request.url, "http://x").pathname;
    if (path === "/__script") {
      script.push(...JSON.parse(raw).behaviours);
      return send(response, 200, { queued: script.length });
    }
    if (path === "/__requests") return send(response, 200, requests);
    if (path === "/__reset") {
      script.length = 0;
      requests.length = 0;
      return send(response, 200, { ok: true });
    }
    let body = {};
    try {
      body = JSON.parse(raw || "{}");
    } catch {
      return send(response, 400, { error: { message: "bad json" } });
    }
    requests.push({ path, headers: request.headers, body });
    // A scripted tool call is for a chat that offers tools: other calls (extraction, say) pass it by.
    const position = body.tools ? 0 : script.findIndex((b) => !b.toolCalls);
    const behaviour = (position >= 0 ? script.splice(position, 1)[0] : undefined) || {};
    if (behaviour.hang) return; // never answers: the proxy's timeout must fire
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (behaviour.status) {
      // Real providers echo parts of the prompt in errors: the proxy must never pass this on.
      const echo = JSON.stringify(body).slice(0, 200);
      return send(response, behaviour.status, { error: { message: `failed on ${echo}` } }, behaviour.retryAfter ? { "retry-after": String(behaviour.retryAfter) } : {});
    }
    if (behaviour.body !== undefined) return send(response, 200, behaviour.body);
    if (behaviour.emptyStream) {
      response.writeHead(200, { "content-type": "text/event-stream" });
      return response.end();
    }
    if (behaviour.hugeBytes) return send(response, 200, `{"choices":[{"message":{"content":"${"x".repeat(behaviour.hugeBytes)}"}}]}`);
    if (path === "/v1/embeddings") {
      const input = Array.isArray(body.input) ? body.input : [body.input];
      return send(response, 200, { data: input.map((text, index) => ({ index, embedding: vector(String(text)) })), model: body.model });
    }
    const anthropic = path === "/v1/messages";
    const messages = anthropic ? [{ role: "system", content: body.system || "" }, ...body.messages] : body.messages;
    const text = behaviour.content ?? (behaviour.toolCalls ? "" : answerFor(messages));
    if (body.stream) return stream(response, anthropic, text, behaviour);
    if (anthropic) return send(response, 200, { type: "message", content: [{ type: "text", text }], model: body.model });
    return send(response, 200, { choices: [{ index: 0, message: { role: "assistant", content: text } }], model: body.model });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      resolve({ url, server, script, requests, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: "string", default: "0" } } });
  const fake = await startFakeUpstream({ port: Number(values.port) });
  console.log(`fake-upstream: ${fake.url}`);
}
