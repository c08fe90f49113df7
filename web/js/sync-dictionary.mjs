// The preset dictionary that sealed documents of format 3 are deflated with (sync-crypto.mjs). A synced record
// is small (an edge about 650 bytes of JSON, a memory 1.6 KB with its vector) and alone it compresses poorly:
// most of its bytes are field names and common values that every record repeats. Deflating against a template
// of each kind of record makes a record's ciphertext about 40% smaller (LoCoMo's three dev conversations as
// synced records, measured side by side). The text holds field names and made-up values only, never user data.
// It is part of the format: changed, it is a new format number, and this one stays to read format 3.
const ZEROS = "0".repeat(24);
const STAMPS = '"stamps":{"*":[1700000000000,0,"d000000000000"]}';
const SCOPE = '"scope":{"profile":"default","project":null,"session":null}';
const VECTORS = (id) => `"model":"all-MiniLM-L6-v2@int8-1","vectors":{"${id}":{"s":0.001,"q":"`;

const ENTITY = `{"kind":"entity","id":"0000","record":{"kind":"entity","id":"0000","fields":{"id":"0000","name":"","type":"person","last_mentioned":1700000000.0,"created_at":1700000000.0,"removed":false},${STAMPS},"counts":{"d000000000000":1},"sets":{"aliases":[]},"forgotten":null}}`;
const EPISODE = `{"kind":"episode","id":"ep_${ZEROS}","record":{"kind":"episode","id":"ep_${ZEROS}","fields":{"id":"ep_${ZEROS}","chat_id":"default","message_id":"m1","role":"user","speaker":null,"text":"","timestamp":1700000000.0,"attachments":[],"session":null,"turn":0,"reply_to":null,${SCOPE},"excluded":false,"title":null},${STAMPS},"counts":{},"sets":{"tool_calls":[]},"forgotten":null,${VECTORS(`ep_${ZEROS}`)}`;
const MEMORY = `{"kind":"memory","id":"mem_${ZEROS}","record":{"kind":"memory","id":"mem_${ZEROS}","fields":{"id":"mem_${ZEROS}","kind":"fact","text":"User ","confidence":0.9,"importance":0.5,"status":"active","source":"user_stated",${SCOPE},"tags":[],"triggers":[],"subject":"User","attribute":null,"value":null,"created_at":1700000000.0,"updated_at":1700000000.0,"event_time":null,"valid_from":null,"valid_to":null,"last_accessed":null,"ttl":"permanent","expires_at":null,"version":1,"protected":false,"text_hash":"${"0".repeat(32)}"},${STAMPS},"counts":{},"sets":{"provenance":[{"chat_id":"default","message_ids":["m1"],"observed_at":1700000000.0,"extractor":"heuristic","extractor_version":"2","speaker":null}],"superseded_by":[]},"forgotten":null,${VECTORS(`mem_${ZEROS}`)}`;
const EDGE = `{"kind":"edge","id":"ep_${ZEROS}\\u00000000\\u0000mentions","record":{"kind":"edge","id":"ep_${ZEROS}\\u00000000\\u0000about","fields":{"source":"mem_${ZEROS}","target":"0000","type":"derived_from","weight":1.0,"confidence":1.0,"valid_from":null,"valid_to":null,"created_at":1700000000.0,"id":"mem_${ZEROS}\\u00000000\\u0000mentions","removed":false},${STAMPS},"counts":{},"sets":{"evidence":[]},"forgotten":null}}`;

// Deflate finds the nearer copies more cheaply: the most numerous kinds (edges, then memories) come last.
export const DICTIONARY_3 = new TextEncoder().encode(ENTITY + EPISODE + MEMORY + EDGE);
