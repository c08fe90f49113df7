// Type declarations for memlace.mjs, the JS API of memlace. The data types (Memory, Message, ContextPack,
// IngestResult...) are generated from the pydantic models at build time into memlace-models.d.ts.
import type { ContextPack, ExportDocument, IngestResult, Memory, Message } from "./memlace-models";

export type * from "./memlace-models";

/** The protocol version (from protocol.json, written by the build). */
export declare const PROTOCOL: number;

/** What an id names. */
export declare function idKind(id: string): "memory" | "episode" | "sentence" | "cluster" | "entity";

export declare class MemlaceError extends Error {
  /** A stable code: the worker's are listed with a sentence each in protocol.json ("errors"); the proxy adds
   *  not_configured, provider_unavailable and upstream_*. */
  code: string;
}

export interface OpenOptions {
  /** One memory per profile (its own IndexedDB database). Default "default". */
  profile?: string;
  /** "local" (MiniLM in the browser, default), "remote" (the proxy's embed route) or "none" (keywords and graph). */
  embeddings?: "local" | "remote" | "none";
  /** Origin of the site whose /api/ proxy adds a model. Default: this page's origin; null: never call a proxy. */
  apiBase?: string | null;
  /** The proxy's shared secret, when it has one (sent as X-Memlace-Secret). */
  secret?: string | null;
  /** Where worker.mjs is served from (default: next to memlace.mjs). */
  workerUrl?: string;
  /** The most bytes of this site's storage memlace may fill (default: the browser's quota). New messages and
   *  imports stop short of it, keeping a reserve so that corrections and forgetting still work. At least 1 MiB;
   *  the tab that runs the worker (the first one open) decides. */
  storageLimit?: number | null;
}

export interface ListFilters {
  kind?: string | null;
  /** A status, or "active" for staged and confirmed. */
  status?: string | null;
  entity?: string | null;
  tag?: string | null;
  text?: string | null;
  sort?: "updated_at" | "created_at" | "confidence" | "importance" | "access_count";
  descending?: boolean;
  offset?: number;
  limit?: number;
}

export interface ModelStatus {
  mode: "connecting" | "model" | "offline";
  routes: Record<string, boolean>;
  message: string | null;
}

export interface ChatTurn {
  role: "system" | "user" | "assistant";
  content: string;
}

/** How a chat history import is going (after each batch) or went. */
export interface ImportReport {
  job?: string;
  done: boolean;
  format: string;
  conversations: number;
  messages: number;
  added: number;
  already: number;
  skipped: Record<string, number>;
  refused: string[];
  refused_count: number;
  seconds: number;
}

/** A chat as the chat page lists it. */
export interface ChatSummary {
  chat_id: string;
  title: string;
  started: number;
  last: number;
  messages: number;
}

/** One chat's messages, oldest first. */
export interface Conversation {
  chat_id: string;
  title: string;
  total: number;
  messages: { id: string; message_id: string; role: string; speaker: string | null; text: string; timestamp: number; excluded: boolean }[];
}

/** A memory tool the model called: search_memory, remember, update_memory or forget_memory. */
export interface ToolCallRequest {
  id: string;
  name: string;
  /** null when the model's arguments were not a JSON object (`error` says so). */
  arguments: Record<string, unknown> | null;
  error?: string;
}

/** What running a tool gave the model: ok with its data, or a refusal in words. */
export interface ToolResult {
  ok: boolean;
  episode_id?: string;
  error?: string;
  [key: string]: unknown;
}

/** The message a chat answers, already ingested (or being ingested: `stored`), whose memory the tools may use. */
export interface ChatTools {
  chat_id: string;
  message_id: string;
  stored?: Promise<unknown>;
  onCall?: (call: ToolCallRequest, result: ToolResult) => void;
}

export declare class Memlace extends EventTarget {
  constructor(options?: OpenOptions);
  readonly profile: string;
  readonly apiBase: string | null;
  /** "starting" | "ready" | "failed" */
  readonly readyState: string;
  /** Resolves when the worker has booted (detail: timings and bytes); rejects with MemlaceError if it cannot. */
  readonly ready: Promise<{ timings?: Record<string, number>; bytes?: number }>;
  /** Settles once the local embedding model is attached (it loads after `ready`; until then retrieval uses keywords and the graph). */
  readonly modelReady: Promise<{ state: "ready" | "none" | "failed"; message?: string }>;
  ingest(messages: Message | Message[]): Promise<IngestResult | IngestResult[]>;
  /** `chat_id`: the message's conversation; the same message asked again there reuses its pack until memory changes. */
  retrieve(query: string, options?: { limit?: number; include_inactive?: boolean; project?: string; track?: boolean; chat_id?: string }): Promise<ContextPack>;
  search(query: string, limit?: number): Promise<ContextPack>;
  list(filters?: ListFilters): Promise<{ total: number; items: Memory[] }>;
  get(id: string): Promise<Record<string, unknown>>;
  edit(id: string, text: string): Promise<Memory>;
  confirm(id: string): Promise<Memory>;
  forget(id: string, options?: { withEpisodes?: boolean }): Promise<Record<string, string[]>>;
  feedback(id: string, helpful: boolean): Promise<Memory>;
  export(): Promise<ExportDocument>;
  /** Merge an export document. A memory held here with other content is a conflict, reported side by side
   *  (`conflicts: [{id, current, incoming, differs}]`) and kept unless `resolutions[id]` is "replace" (the file's
   *  version is written) or "both" (the file's version is added as a memory of its own). */
  import(
    document: Record<string, unknown> | string,
    options?: { dryRun?: boolean; resolutions?: Record<string, "keep" | "replace" | "both"> | null },
  ): Promise<Record<string, unknown>>;
  /** Counts, pending work and storage used; `timeline` adds memories created per day (a pass over all of them). */
  stats(options?: { timeline?: boolean }): Promise<Record<string, unknown>>;
  maintain(): Promise<Record<string, number>>;
  /** Undo what one of the last messages changed in memory (give its IngestResult's episode_id). */
  undo(episodeId: string): Promise<{ removed: string[]; restored: string[]; episodes: string[] }>;
  forgetEverything(): Promise<{ memories: number; episodes: number; entities: number }>;
  bulk(action: "confirm" | "retract" | "forget", filters?: Record<string, unknown>): Promise<{ action: string; matched: number; done: number }>;
  chats(options?: { limit?: number }): Promise<{ chats: ChatSummary[]; total: number }>;
  conversation(chatId: string, options?: { limit?: number }): Promise<Conversation>;
  forgetChat(chatId: string, options?: { withMemories?: boolean }): Promise<{ memories: string[]; episodes: string[] }>;
  /** Write now what retrieval noted (use counts, memories used together); otherwise it goes with the next write. */
  flush(): Promise<null>;
  models(options?: { reconnect?: boolean }): Promise<ModelStatus>;
  /** The proxy's chat answer, streamed to onDelta; rejects with code "not_configured" in offline mode. */
  /** Import chat history (a ChatGPT or Claude export, its zip, or memlace JSON lines), a batch at a time. */
  importChats(
    source: File | Blob | string,
    options?: { onProgress?: (report: ImportReport) => void; signal?: AbortSignal; format?: "auto" | "chatgpt" | "claude" | "jsonl"; batch?: number },
  ): Promise<ImportReport>;
  chat(
    messages: ChatTurn[],
    options?: { context?: string; onDelta?: (piece: string) => void; signal?: AbortSignal; model?: string; tools?: ChatTools },
  ): Promise<string>;
  /** One memory on every device: end-to-end encrypted sync with a CouchDB (see README, "Sync"). */
  readonly sync: SyncApi;
  /** Stop the worker of a read-only file opened with `open({document})`; a no-op for a profile. */
  close(): void;
  /** Any worker method by name (the ones above, plus e.g. "retract", "retry_pending"). */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  addEventListener(type: "progress" | "ready" | "error" | "change" | "log" | "model" | "sync", listener: (event: CustomEvent) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
}

export interface SyncStatus {
  on: boolean;
  /** "off", "starting", "syncing", "idle" (up to date), "offline" (retrying), "paused" or "error". */
  state: string;
  error: { code: string; message: string } | null;
  /** When this device last took in the server's changes (ms since 1970), or null. */
  lastSync: number | null;
  server: string | null;
  /** True when the site's own sync server holds this memory's database (enable with `site: true`). */
  site: boolean;
  device: string | null;
  /** Documents written on this device that the server has not taken yet (0 once it has them all). */
  pending: number;
}

export interface SyncApi {
  status(): Promise<SyncStatus>;
  /** Turn sync on with a CouchDB database URL, or with `site: true` the site's own sync server (when its
   *  /api/health says sync is configured; it makes one database per account). Without `phrase` a new account
   *  key is made; with one, this device joins that account (a wrong phrase rejects with "bad_phrase",
   *  "wrong_key" or, on the site's server, "no_account", and changes nothing). With `pairingCode` (from
   *  another device's pairingCode()) the key and the server come from that device. Resolves with the status and
   *  the 24-word recovery phrase, to be kept safe. */
  enable(options: { url?: string | null; username?: string | null; password?: string | null; phrase?: string | null; site?: boolean; pairingCode?: string | null }): Promise<SyncStatus & { phrase: string }>;
  pause(): Promise<SyncStatus>;
  resume(): Promise<SyncStatus>;
  /** The recovery phrase again, to join another device. */
  phrase(): Promise<{ phrase: string }>;
  /** A pairing code (XXXX-XXXX-XXXX) another device can enable with instead of the phrase: it brings the key
   *  and this device's server. Valid ten minutes, for one device; needs the site's sync service. */
  pairingCode(): Promise<{ code: string; expires: number }>;
  /** Sync off here (memory stays); `deleteServerCopy` also deletes the server's database for every device. */
  disable(options?: { deleteServerCopy?: boolean }): Promise<SyncStatus>;
}

export declare function open(options?: OpenOptions): Promise<Memlace>;

export declare class MemlacePanel extends HTMLElement {
  memory: Memlace | undefined;
  preview(text: string): Promise<void>;
  refresh(): Promise<void>;
}
