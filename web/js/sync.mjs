// Sync: one memory on every device, through CouchDB's replication protocol. The session runs in sync's own
// worker (sync-worker.mjs), which the tab holding the profile's memory worker starts (Web Locks elect it), so
// one tab per profile replicates; `memory` here is that worker's link to the page. PouchDB (from npm) keeps an
// encrypted copy in this browser and replicates it live with a CouchDB the user names; every document is a
// record sealed by sync-crypto.mjs, so PouchDB and the server hold only ciphertext. Memory's sync_push says
// what changed here (as replicas, core/merge.py), sync_pull merges what other devices sent.
import { base64, deriveKeys, keyFromPhrase, newAccountKey, open as openDocument, phraseFromKey, seal, SyncKeyError, unbase64 } from "./sync-crypto.mjs";
import { readSettings, ReplicaStore, writeSettings } from "./replicas.mjs";
import { opened, withVectors } from "./sync-vectors.mjs";
import { offerPairing, takePairing } from "./sync-pairing.mjs";
import { deleteSiteAccount, openSiteAccount } from "./sync-site.mjs";
import { checkServerKey, checkUrl, openServer, serverCopyGone } from "./sync-server.mjs";
import { loadCodec, loadPouch, loadWordlist } from "./sync-libraries.mjs";
import { Replicator } from "./sync-replicator.mjs";

const PULL_BATCH = 500; // documents merged per sync_pull: memory's worker answers other calls between batches
const ARRIVAL_PAUSE_MS = 15; // arrivals this far apart end a batch to merge...
const ARRIVAL_WAIT_MAX_MS = 100; // ...or this long after its first, if they keep coming
const GATHER_WHILE_BUSY_MS = 50; // while a merge waits its turn, arrivals gather for it this often
const PUSH_DELAY_MS = 25; // writes that come together (a message, then what memory made of it) go out together
const PUSH_SLICE = 500; // replicas sealed and written at a time: a first push of a large memory goes in slices

// This device's encrypted copy: PouchDB's "indexeddb" adapter (one object store, documents kept as they are).
// Side by side with its default "idb" adapter, which the first version used: as fast, and about 10% less of the
// storage that sync adds.
const LOCAL_COPY = { prefix: "memlace-sync-v2-", adapter: "indexeddb" };
const FIRST_LOCAL_COPY = { prefix: "memlace-sync-", adapter: "idb" };

export class SyncSession {
  /** Start sync in the leader tab if this profile has it on. */
  static async resume(memory) {
    const settings = await readSettings(memory.profile);
    if (!settings) return null;
    const session = new SyncSession(memory, settings);
    await session.start({ resuming: true });
    return session;
  }

  /** Turn sync on: a new account key (phrase omitted) or the one a recovery phrase stands for, with the
   * CouchDB database at `url` or (`site`) the site's own sync server, which makes one for the account. */
  static async enable(memory, { url = null, username = null, password = null, phrase = null, site = false, pairingCode = null }) {
    const wordlist = await loadWordlist();
    const paired = pairingCode ? await takePairing(memory, pairingCode) : null; // the key and the server, both
    const key = paired?.key ?? (phrase ? await keyFromPhrase(phrase, wordlist) : newAccountKey());
    const joining = Boolean(phrase || paired);
    const device = `d${crypto.getRandomValues(new Uint32Array(2)).join("").slice(0, 12)}`;
    const server =
      paired?.server ?? (site ? await openSiteAccount(memory, key, { create: !joining }) : { settings: { url: checkUrl(url), username, password, site: null }, token: null });
    const settings = { ...server.settings, key: base64(key), device, clock: null, since: 0, paused: false, lastSync: null, local: null };
    const session = new SyncSession(memory, settings, server.token);
    try {
      await session.start(); // refuses a phrase that is not this server copy's, before anything is kept
    } catch (error) {
      if (error.code === "wrong_key" && !joining) {
        throw new SyncKeyError("wrong_key", "this database already holds a synced memory made with another recovery phrase: join it with that phrase, or give a new database's URL");
      }
      throw error;
    }
    await writeSettings(memory.profile, settings);
    return { session, phrase: await phraseFromKey(key, wordlist) };
  }

  constructor(memory, settings, token = null) {
    this.memory = memory;
    this.settings = settings;
    this.token = token; // the site server's sign-in token, when it hands them out
    this.queue = Promise.resolve();
    this.known = new Map(); // document id -> the revision this device has merged or written
    this.refused = new Set(); // documents that could not be opened (see pull)
    this.state = "starting";
    this.error = null;
    this.pushTimer = null;
    this.waiting = []; // batches of changes queued for pull, in order: the next one is opened while one merges
    this.merging = false;
    this.pushed = false; // no push yet in this session
    this.unsentToServer = 0; // documents written here that the server has not taken yet (status: pending)
    this.onChange = (event) => {
      if (event.detail?.method !== "sync_pull") this.schedulePush();
    };
  }

  async start({ resuming = false } = {}) {
    const PouchDB = (this.PouchDB = await loadPouch());
    this.keys = await deriveKeys(unbase64(this.settings.key), { codec: await loadCodec() });
    this.remote = this.server({ setup: !resuming });
    let problem = null;
    try {
      await checkServerKey(this.remote, this.keys.check);
    } catch (error) {
      // Turning sync on needs the server and the right key. A device that already syncs starts anyway: offline,
      // it catches up later; on any other problem it says so and waits (and can still be turned off).
      if (!resuming) throw error;
      if (error.code !== "server_unreachable") problem = error;
    }
    // Old revisions are not kept: a record changed often takes no more room, and a forgotten one leaves no
    // old ciphertext of its words here (the server keeps its own until it compacts).
    const name = `${LOCAL_COPY.prefix}${this.memory.profile}`;
    if (this.settings.local !== name) {
      // A copy made by an earlier version: it goes, and this one fills from the server (the replicas tell
      // what is already merged, so nothing is written twice). Its change numbers mean nothing here.
      await new PouchDB(`${FIRST_LOCAL_COPY.prefix}${this.memory.profile}`, { adapter: FIRST_LOCAL_COPY.adapter }).destroy().catch(() => {});
      Object.assign(this.settings, { local: name, since: 0 }); // kept with the next push's settings
    }
    this.local = new PouchDB(name, { adapter: LOCAL_COPY.adapter, auto_compaction: true });
    if (problem) return this.report("error", problem);
    this.memory.addEventListener("change", this.onChange);
    if (!this.settings.paused) this.connect();
    this.report("idle");
    this.schedulePush(0);
  }

  /** The server's database (see openServer). */
  server(options) {
    return openServer(this.PouchDB, this.memory, this.settings, this.token, options);
  }

  connect() {
    this.replicator = new Replicator(this.local, (through) => this.server({ through }), {
      onState: (state, error) => {
        if (state === "gone") this.report("error", serverCopyGone());
        else this.report(state === "idle" && this.more ? "syncing" : state, error);
      },
      onPushed: () => {
        this.unsentToServer = 0;
        if (this.compactWanted) this.compactServer();
      },
      written: (id, rev) => this.known.get(id) === rev,
      merged: () => this.merged(),
    });
    this.replicator.start();
    this.feed = this.local.changes({ since: this.settings.since || 0, live: true, include_docs: true, conflicts: true });
    let batch = [];
    let timer = null;
    let firstAt = 0;
    this.feed.on("change", (change) => {
      if (!batch.length) firstAt = performance.now();
      batch.push(change);
      this.gathering = true;
      const flush = () => {
        const waiting = { changes: batch, opening: null };
        batch = [];
        this.gathering = false;
        timer = null;
        this.waiting.push(waiting);
        if (this.merging && this.waiting.length === 1) this.open(waiting); // opened while the one before merges
        this.enqueue(() => this.pull(waiting));
      };
      // A full batch goes at once; a partial one after a pause in arrivals (what PouchDB wrote together
      // arrives within a few ms), unless a batch already waits its turn: then arrivals gather into fewer,
      // larger merges (each costs the worker a fixed part too).
      const flushLater = (delay) => {
        clearTimeout(timer);
        timer = setTimeout(() => (this.waiting.length ? flushLater(GATHER_WHILE_BUSY_MS) : flush()), delay);
      };
      if (batch.length >= PULL_BATCH) {
        clearTimeout(timer);
        flush();
      } else if (this.waiting.length) {
        if (!timer) flushLater(GATHER_WHILE_BUSY_MS);
      } else flushLater(Math.max(0, Math.min(ARRIVAL_PAUSE_MS, firstAt + ARRIVAL_WAIT_MAX_MS - performance.now())));
    });
    this.feed.on("error", (error) => this.report("error", error));
  }

  /** Once what has arrived in the local copy is merged (arrivals still gathering for a batch included). */
  async merged() {
    while (this.gathering && this.feed) await new Promise((resolve) => setTimeout(resolve, ARRIVAL_PAUSE_MS));
    await this.queue;
  }

  /** Resolves once no request of this session's replication is left in flight. */
  disconnect() {
    const stopped = this.replicator?.stop();
    this.feed?.cancel();
    this.replicator = this.feed = null;
    this.gathering = false; // a batch that was gathering is read again from `since` when sync resumes
    return stopped;
  }

  enqueue(work) {
    const run = this.queue.then(work);
    this.queue = run.catch((error) => this.report("error", error));
    return run;
  }

  schedulePush(delay = PUSH_DELAY_MS) {
    clearTimeout(this.pushTimer);
    this.pushTimer = setTimeout(() => this.enqueue(() => this.push()), delay);
  }

  /** What changed here goes into PouchDB, sealed; replication takes it to the server. */
  async push() {
    const full = !this.pushed; // the session's first push compares everything (memory may have synced elsewhere before)
    const answer = await this.memory.call("sync_push", { device: this.settings.device, clock: this.settings.clock, now_ms: Date.now(), limit: PUSH_SLICE, full });
    this.pushed = true;
    this.settings.clock = answer.clock;
    await writeSettings(this.memory.profile, this.settings);
    const outgoing = [...(this.unsent || []), ...withVectors(answer.replicas, answer)]; // counted as sent by the worker: kept until they are
    if (outgoing.length) {
      this.unsent = outgoing;
      await this.write(outgoing);
      this.unsent = null;
      this.report(this.state); // pages see the pending count grow (while paused or offline, nothing else says so)
    }
    // Set once the forget is in PouchDB: the next push to end (one that began after it) took it to the server.
    if (answer.replicas.some((r) => r.forgotten)) this.compactWanted = true;
    this.more = answer.more; // "syncing", not "idle", until the last slice is written
    if (answer.more) {
      this.report("syncing");
      this.enqueue(() => this.push()); // the next slice, after what waits in the queue (pulls too)
    }
  }

  /** A forget has reached the server: compaction drops the old revisions, which still hold the forgotten
   * words as ciphertext. A database's admin may compact (the site's server makes each user its database's
   * admin); where the user may not, the server's own scheduled compaction does it later. */
  async compactServer() {
    this.compactWanted = false;
    try {
      await this.remote.compact();
      this.serverCompacted = Date.now();
    } catch {
      // not allowed on this server: nothing here depends on it
    }
  }

  /** Seal replicas onto their documents' current revisions. A revision this device has not merged yet is
   * merged first (through sync_pull), so writing over it never drops another device's change. */
  async write(replicas, losers = new Map()) {
    let pending = new Map(replicas.map((r) => [`${r.kind}\u0000${r.id}`, r]));
    for (let attempt = 0; pending.size && attempt < 5; attempt++) {
      const sealed = await Promise.all([...pending.values()].map((r) => seal(this.keys, r.kind, r.id, r)));
      const rows = (await this.local.allDocs({ keys: sealed.map((d) => d._id) })).rows;
      const unseen = rows.filter((row) => row.value && !row.value.deleted && this.known.get(row.id) !== row.value.rev);
      if (unseen.length) {
        const merged = await this.mergeDocuments(unseen.map((row) => row.id), [...pending.keys()]);
        for (const replica of withVectors(merged.echo, merged)) pending.set(`${replica.kind}\u0000${replica.id}`, replica);
        continue; // seal again what the merge changed, against the revisions now current
      }
      const docs = sealed.map((doc, i) => ({ ...doc, ...(rows[i].value && !rows[i].value.deleted ? { _rev: rows[i].value.rev } : {}) }));
      for (const doc of [...docs]) for (const rev of losers.get(doc._id) || []) docs.push({ _id: doc._id, _rev: rev, _deleted: true });
      const results = await this.local.bulkDocs(docs);
      const retry = new Map();
      results.forEach((result, i) => {
        if (result.ok) {
          this.known.set(result.id, result.rev);
          this.unsentToServer++;
        }
        else if (i < sealed.length) retry.set([...pending.keys()][i], [...pending.values()][i]);
      });
      pending = retry;
      this.replicator?.push(); // what bulkDocs took goes to the server whole, in one pass
    }
    if (pending.size) throw new Error(`${pending.size} synced records could not be written after 5 tries; they go with the next change`);
  }

  /** A document and its conflicting revisions opened, as sync_pull takes them; null if one cannot be read
   * (altered on the server, or sealed with another key): it changes nothing here, and is counted. */
  async openAll(doc) {
    try {
      const revisions = [doc, ...(await Promise.all((doc._conflicts || []).map((rev) => this.local.get(doc._id, { rev }))))];
      return await Promise.all(revisions.map(async (revision) => opened((await openDocument(this.keys, revision)).record)));
    } catch (error) {
      if (!(error instanceof SyncKeyError)) throw error;
      this.refused.add(doc._id);
      return null;
    }
  }

  /** Documents (with every conflicting revision) opened and merged into memory; returns the merged replicas of `echo`. */
  async mergeDocuments(ids, echoKeys = []) {
    const found = await this.local.allDocs({ keys: ids, include_docs: true, conflicts: true });
    const replicas = [];
    for (const row of found.rows) {
      if (!row.doc) continue;
      replicas.push(...((await this.openAll(row.doc)) || [])); // an unreadable one is written over, which repairs it
      this.known.set(row.id, row.doc._rev);
    }
    const echo = [...new Set(echoKeys)].map((key) => key.split("\u0000"));
    return this.memory.call("sync_pull", { replicas, echo, device: this.settings.device, now_ms: Date.now() });
  }

  /** The documents among changes that this device has not merged or written, opened (null: unreadable). */
  async openChanges(changes) {
    const docs = changes.map((change) => change.doc).filter((doc) => doc && !doc._deleted && doc._id.startsWith("r") && this.known.get(doc._id) !== doc._rev);
    return { docs, opened: await Promise.all(docs.map((doc) => this.openAll(doc))) };
  }

  /** Changes in PouchDB (from the server, or this device's own writes): other devices' records merged in;
   * a document with conflicting revisions rewritten as their merge, the losing revisions closed. The next
   * waiting batch is opened meanwhile, so this worker decrypts while memory's merges (one batch ahead at most). */
  async pull(waiting) {
    this.waiting.splice(this.waiting.indexOf(waiting), 1);
    this.merging = true;
    try {
      const own = this.open(waiting);
      if (this.waiting[0]) this.open(this.waiting[0]);
      await this.merge(waiting, await own);
    } finally {
      this.merging = false;
    }
  }

  /** A waiting batch's documents, opened once (started now if not yet). */
  open(entry) {
    entry.opening ||= this.openChanges(entry.changes);
    entry.opening.catch(() => {}); // a failure is reported by the pull that awaits it
    return entry.opening;
  }

  /** One batch's opened documents merged in through the worker, and the place in the changes feed kept. */
  async merge(waiting, { docs, opened }) {
    const replicas = [];
    const conflicted = new Map(); // document id -> [key, losing revisions]
    const lastSeq = waiting.changes.at(-1).seq;
    const fresh = [];
    docs.forEach((doc, i) => {
      const found = opened[i];
      if (this.known.get(doc._id) === doc._rev) return; // written here since it was opened
      fresh.push(doc);
      if (!found) return;
      replicas.push(...found);
      if (doc._conflicts?.length) conflicted.set(doc._id, [`${found[0].kind}\u0000${found[0].id}`, doc._conflicts]);
    });
    if (replicas.length) {
      const echo = [...conflicted.values()].map(([key]) => key.split("\u0000"));
      const result = await this.memory.call("sync_pull", { replicas, echo, device: this.settings.device, now_ms: Date.now() });
      for (const doc of fresh) this.known.set(doc._id, doc._rev); // merged: only now may a write go over them
      if (result.echo.length) await this.write(withVectors(result.echo, result), new Map([...conflicted].map(([id, [, revs]]) => [id, revs])));
    }
    this.settings.since = lastSeq;
    this.settings.lastSync = Date.now();
    await writeSettings(this.memory.profile, this.settings);
    this.report(this.state === "starting" ? "idle" : this.state);
  }

  report(state, error = null) {
    this.state = state;
    this.error = error ? { code: error.code || error.name || "sync_error", message: String(error.message || error.reason || error) } : null;
    this.memory.broadcast("sync", this.status());
  }

  status() {
    const refused = this.refused.size
      ? { code: "bad_document", message: `${this.refused.size} synced record${this.refused.size > 1 ? "s" : ""} could not be opened (altered on the server, or sealed with another key) and changed nothing here` }
      : null;
    const state = this.settings.paused ? "paused" : this.state;
    return { on: true, state, error: this.error || refused, lastSync: this.settings.lastSync, server: this.settings.url, site: Boolean(this.settings.site), device: this.settings.device, pending: this.unsentToServer };
  }

  async pause() {
    this.settings.paused = true;
    await this.disconnect();
    await writeSettings(this.memory.profile, this.settings);
    this.report("paused");
  }

  async resumeSync() {
    this.settings.paused = false;
    await writeSettings(this.memory.profile, this.settings);
    this.connect();
    this.schedulePush(0);
    this.report("syncing");
  }

  /** The recovery phrase, to show again on a device that has it (to pair another). */
  async phrase() {
    return phraseFromKey(unbase64(this.settings.key), await loadWordlist());
  }

  /** A short code that adds another device to this account (see sync-pairing.mjs). */
  async pairingCode() {
    return offerPairing(this.memory, this.settings);
  }

  /** Sync off on this device: its encrypted copy, replicas and settings go; memory stays. `deleteServerCopy`
   * also deletes the server's database (every device's sync stops working with it). */
  async disable({ deleteServerCopy = false } = {}) {
    clearTimeout(this.pushTimer);
    await this.disconnect();
    this.memory.removeEventListener("change", this.onChange);
    await this.queue.catch(() => {});
    if (deleteServerCopy && this.settings.site) await deleteSiteAccount(this.memory, this.settings);
    else if (deleteServerCopy) await this.remote.destroy().catch((error) => (error.status === 404 ? null : Promise.reject(error))); // gone already
    await this.local.destroy();
    const replicas = await ReplicaStore.open(this.memory.profile);
    try {
      await replicas.clear(); // turned on again, everything is sent afresh
    } finally {
      replicas.close();
    }
    await writeSettings(this.memory.profile, null);
  }
}

