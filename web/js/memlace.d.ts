// Type declarations for memlace.mjs, the JS API of memlace (RPC protocol version 1).

export declare const PROTOCOL: 1;

export declare class MemlaceError extends Error {
  /** Stable codes: invalid_input, message_too_large, not_found, import_format, store_error, provider_error,
   *  protocol_mismatch, boot_failed, not_configured, provider_unavailable, upstream_* (from the proxy), internal. */
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
}

export interface Message {
  text: string;
  role?: "user" | "assistant" | string;
  chat_id?: string;
  message_id?: string | null;
  speaker?: string | null;
  /** Seconds since the epoch. */
  timestamp?: number | null;
  attachments?: { kind?: string; text: string; name?: string | null }[];
  session?: string | null;
  project?: string | null;
}

export interface IngestResult {
  episode_id: string;
  duplicate: boolean;
  created: string[];
  merged: string[];
  superseded: string[];
  entities: string[];
  redacted: string[];
  warnings: string[];
  retry_queued: boolean;
}

export interface PackItem {
  id: string;
  type: "memory" | "episode";
  text: string;
  score: number;
  rank: number;
  reason: { sources: string[]; entities: string[]; via?: string | null; scores: Record<string, number> };
  status?: string | null;
  kind?: string | null;
  chat_id?: string | null;
  message_ids: string[];
  speaker?: string | null;
  timestamp?: number | null;
  entities: string[];
}

export interface ContextPack {
  query: string;
  /** The block to inject as a system message: fenced and labelled as data, within a character budget. */
  text: string;
  items: PackItem[];
  warnings: string[];
  timings_ms: Record<string, number>;
  skipped?: string | null;
}

export interface Memory {
  id: string;
  kind: string;
  text: string;
  status: "staged" | "confirmed" | "superseded" | "retracted";
  confidence: number;
  importance: number;
  source: string;
  tags: string[];
  version: number;
  created_at: number;
  updated_at: number;
  [field: string]: unknown;
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
  retrieve(query: string, options?: { limit?: number; include_inactive?: boolean; project?: string; track?: boolean }): Promise<ContextPack>;
  search(query: string, limit?: number): Promise<ContextPack>;
  list(filters?: ListFilters): Promise<{ total: number; items: Memory[] }>;
  get(id: string): Promise<Record<string, unknown>>;
  edit(id: string, text: string): Promise<Memory>;
  confirm(id: string): Promise<Memory>;
  forget(id: string, options?: { withEpisodes?: boolean }): Promise<Record<string, string[]>>;
  feedback(id: string, helpful: boolean): Promise<Memory>;
  export(): Promise<Record<string, unknown>>;
  import(document: Record<string, unknown> | string, options?: { dryRun?: boolean }): Promise<Record<string, unknown>>;
  /** Counts, pending work and storage used; `timeline` adds memories created per day (a pass over all of them). */
  stats(options?: { timeline?: boolean }): Promise<Record<string, unknown>>;
  maintain(): Promise<Record<string, number>>;
  models(options?: { reconnect?: boolean }): Promise<ModelStatus>;
  /** The proxy's chat answer, streamed to onDelta; rejects with code "not_configured" in offline mode. */
  chat(messages: ChatTurn[], options?: { context?: string; onDelta?: (piece: string) => void; signal?: AbortSignal; model?: string }): Promise<string>;
  /** Stop the worker of a read-only file opened with `open({document})`; a no-op for a profile. */
  close(): void;
  /** Any worker method by name (the ones above, plus e.g. "retract", "retry_pending"). */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  addEventListener(type: "progress" | "ready" | "error" | "change" | "log" | "model", listener: (event: CustomEvent) => void): void;
}

export declare function open(options?: OpenOptions): Promise<Memlace>;

export declare class MemlacePanel extends HTMLElement {
  memory: Memlace | undefined;
  preview(text: string): Promise<void>;
  refresh(): Promise<void>;
}
