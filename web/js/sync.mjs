// Sync: one memory on every device, through CouchDB's replication protocol. The session runs in sync's own
// worker (sync-worker.mjs), which the tab holding the profile's memory worker starts (Web Locks elect it), so
// one tab per profile replicates; `memory` here is that worker's link to the page. PouchDB (from npm) speaks
// CouchDB's protocol with the database the user names; every document is a record sealed by sync-crypto.mjs,
// so the server holds only ciphertext. Memory's sync_push says what changed here (as replicas, core/merge.py),
// which goes straight to the server; sync_pull merges what other devices sent. This device keeps no copy of
// the server's documents (an earlier version kept one in PouchDB's IndexedDB: twice the storage, and a second
// write of every record a new device takes in): what waits to be sent is named in the settings (the outbox),
// and the replicas say the rest.
import { base64, deriveKeys, keyFromPhrase, newAccountKey, open as openDocument, phraseFromKey, seal, SyncKeyError, unbase64 } from "./sync-crypto.mjs";
import { readSettings, ReplicaStore, writeSettings } from "./replicas.mjs";
import { opened, withVectors } from "./sync-vectors.mjs";
import { offerPairing, takePairing } from "./sync-pairing.mjs";
import { deleteSiteAccount, openSiteAccount } from "./sync-site.mjs";
import { checkServerKey, checkUrl, openServer, serverCopyGone } from "./sync-server.mjs";
import { loadCodec, loadPouch, loadWordlist } from "./sync-libraries.mjs";
import { Replicator, Revisions } from "./sync-replicator.mjs";

const PULL_BATCH = 500; // documents read from the server's feed and merged per sync_pull: memory's worker answers other calls between batches
const PUSH_DELAY_MS = 25; // writes that come together (a message, then what memory made of it) go out together
const PUSH_SLICE = 500; // replicas stamped at a time: a first push of a large memory goes in slices
const SEND_BATCH = 1000; // documents written to the server per request

// Where earlier versions kept an encrypted copy of the server's documents: deleted when such a device starts.
const EARLIER_COPIES = [
  { prefix: "memlace-sync-", adapter: "idb" },
  { prefix: "memlace-sync-v2-", adapter: "indexeddb" },
];
const NO_COPY = "none"; // settings.local: this version's (it named the copy before)
const keyOf = (replica) => `${replica.kind}\u0000${replica.id}`;
const unkeyed = (key) => [key.slice(0, key.indexOf("\u0000")), key.slice(key.indexOf("\u0000") + 1)]; // an edge's id holds \0s too

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
    const settings = { ...server.settings, key: base64(key), device, clock: null, since: 0, paused: false, lastSync: null, local: NO_COPY, pending: [] };
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
    this.queue = Promise.resolve(); // everything that calls memory's worker or writes the settings, one at a time
    this.known = new Revisions(); // what this device has merged or written of each document
    this.refused = new Set(); // documents that could not be opened (see merge)
    this.state = "starting";
    this.error = null;
    this.pushTimer = null;
    this.pushed = false; // no push yet in this session
    this.outbox = new Map(); // "kind\0id" -> the replica to send (its key kept in settings.pending until sent)
    this.losers = new Map(); // document id -> conflicting revisions to close when it is next written
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
    if (this.settings.local !== NO_COPY) {
      // A device of an earlier version: its copy goes, and the server's feed is read again from its start (the
      // place kept was the copy's; the replicas tell what is already merged, so nothing is written twice).
      for (const { prefix, adapter } of EARLIER_COPIES) await new PouchDB(`${prefix}${this.memory.profile}`, { adapter }).destroy().catch(() => {});
      Object.assign(this.settings, { local: NO_COPY, since: 0 }); // kept with the next push's settings
    }
    if (problem) return this.report("error", problem);
    this.memory.addEventListener("change", this.onChange);
    if (this.settings.pending?.length) this.enqueue(() => this.refill());
    if (!this.settings.paused) this.connect();
    this.report("idle");
    this.schedulePush(0);
  }

  /** The server's database (see openServer). */
  server(options) {
    return openServer(this.PouchDB, this.memory, this.settings, this.token, options);
  }

  connect() {
    this.replicator = new Replicator((through) => this.server({ through }), {
      send: (remote) => this.serial(() => this.send(remote)),
      fetch: (remote, stopped) => this.fetch(remote, stopped),
      since: () => this.settings.since || 0,
      onState: (state, error) => {
        if (state === "gone") this.report("error", serverCopyGone());
        else this.report(state === "idle" && (this.more || this.outbox.size) ? "syncing" : state, error);
      },
      onPushed: () => {
        if (this.compactWanted && !this.outbox.size) this.compactServer();
      },
      written: (id, rev) => this.known.seen(id, rev),
    });
    this.replicator.start();
  }

  /** Resolves once no request of this session's replication is left in flight. */
  disconnect() {
    const stopped = this.replicator?.stop();
    this.replicator = null;
    return stopped;
  }

  /** `work` after everything queued before it; its failure is the caller's to handle. */
  serial(work) {
    const run = this.queue.then(work);
    this.queue = run.catch(() => {});
    return run;
  }

  /** `work` queued; a failure is reported as the session's state. */
  enqueue(work) {
    const run = this.serial(work);
    run.catch((error) => this.report("error", error));
    return run;
  }

  schedulePush(delay = PUSH_DELAY_MS) {
    clearTimeout(this.pushTimer);
    this.pushTimer = setTimeout(() => this.enqueue(() => this.push()), delay);
  }

  /** What changed here goes into the outbox (named in the settings first: memory counts it as sent from
   * now on, so a tab closed before the server has it sends it at the next start); the replicator sends it. */
  async push() {
    const full = !this.pushed; // the session's first push compares everything (memory may have synced elsewhere before)
    const answer = await this.memory.call("sync_push", { device: this.settings.device, clock: this.settings.clock, now_ms: Date.now(), limit: PUSH_SLICE, full });
    this.pushed = true;
    this.settings.clock = answer.clock;
    for (const replica of withVectors(answer.replicas, answer)) this.outbox.set(keyOf(replica), replica);
    await this.keepSettings();
    // Set once the forget waits to be sent: the push pass that empties the outbox took it to the server.
    if (answer.replicas.some((r) => r.forgotten)) this.compactWanted = true;
    this.more = answer.more; // "syncing", not "idle", until the last slice is sent
    if (answer.more) {
      this.report("syncing");
      this.enqueue(() => this.push()); // the next slice, after what waits in the queue (pulls too)
    }
    if (this.outbox.size) this.replicator?.push();
    this.report(this.state); // pages see the pending count grow (while paused or offline, nothing else says so)
  }

  /** The settings kept, with the keys of what the outbox holds (what a tab closed now would still have to send). */
  keepSettings() {
    this.settings.pending = [...this.outbox.keys()];
    return writeSettings(this.memory.profile, this.settings);
  }

  /** The outbox as it was when the tab closed: the replicas of the records it named, as memory holds them now. */
  async refill() {
    const keys = this.settings.pending.map(unkeyed);
    for (let at = 0; at < keys.length; at += PUSH_SLICE) {
      const answer = await this.memory.call("sync_pull", { replicas: [], echo: keys.slice(at, at + PUSH_SLICE), device: this.settings.device, now_ms: Date.now() });
      for (const replica of withVectors(answer.echo, answer)) if (!this.outbox.has(keyOf(replica))) this.outbox.set(keyOf(replica), replica);
    }
    this.replicator?.push();
  }

  /** One push pass: the outbox written to the server (SEND_BATCH documents a request), then the settings say
   * what still waits. */
  async send(remote) {
    if (!this.outbox.size) return;
    try {
      while (this.outbox.size) await this.write(remote, new Map([...this.outbox].slice(0, SEND_BATCH)));
    } finally {
      await this.keepSettings();
      this.report(this.state);
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

  /** Seal replicas onto their documents' current revisions on the server and write them there; each one
   * written leaves the outbox. A revision this device has not merged yet is merged first (through sync_pull),
   * so writing over it never drops another device's change; one written meanwhile by another device (the
   * server refuses the write as a conflict) is merged in the next try. */
  async write(remote, pending) {
    for (let attempt = 0; pending.size && attempt < 5; attempt++) {
      const sealed = await Promise.all([...pending.values()].map((r) => seal(this.keys, r.kind, r.id, r)));
      // Documents whose revision this device merged or wrote go over that revision without asking the server
      // first (a change made meanwhile on another device makes the write a conflict, merged in the next try).
      let revs = attempt === 0 ? sealed.map((doc) => this.known.latest(doc._id)) : [];
      if (!revs.length || revs.includes(undefined)) {
        const rows = (await remote.allDocs({ keys: sealed.map((d) => d._id) })).rows;
        const unseen = rows.filter((row) => row.value && !row.value.deleted && !this.known.seen(row.id, row.value.rev));
        if (unseen.length) {
          const merged = await this.mergeDocuments(remote, unseen.map((row) => row.id), [...pending.keys()]);
          for (const replica of withVectors(merged.echo, merged)) pending.set(keyOf(replica), replica);
          continue; // seal again what the merge changed, against the revisions now current
        }
        revs = rows.map((row) => (row.value && !row.value.deleted ? row.value.rev : undefined));
      }
      const docs = sealed.map((doc, i) => ({ ...doc, ...(revs[i] ? { _rev: revs[i] } : {}) }));
      for (const doc of [...docs]) for (const rev of this.losers.get(doc._id) || []) docs.push({ _id: doc._id, _rev: rev, _deleted: true });
      const results = await remote.bulkDocs(docs);
      const keys = [...pending.keys()];
      const retry = new Map();
      results.forEach((result, i) => {
        if (i >= sealed.length) return; // a losing revision closed (or closed already)
        if (result.ok) {
          this.known.remember(result.id, result.rev);
          this.losers.delete(result.id);
          this.outbox.delete(keys[i]);
        } else if (result.status === 409 || result.name === "conflict") retry.set(keys[i], pending.get(keys[i]));
        else throw Object.assign(new Error(`the sync server refused a record: ${result.reason || result.message || result.name}`), { status: result.status });
      });
      pending = retry;
    }
    if (pending.size) throw new Error(`${pending.size} synced records could not be written after 5 tries; they go with the next change`);
  }

  /** A document and its conflicting revisions opened, as sync_pull takes them; null if one cannot be read
   * (altered on the server, or sealed with another key): it changes nothing here, and is counted. */
  async openAll(remote, doc) {
    try {
      const revisions = [doc, ...(await Promise.all((doc._conflicts || []).map((rev) => remote.get(doc._id, { rev }))))];
      return await Promise.all(revisions.map(async (revision) => opened((await openDocument(this.keys, revision)).record)));
    } catch (error) {
      if (!(error instanceof SyncKeyError)) throw error;
      this.refused.add(doc._id);
      return null;
    }
  }

  /** The server's documents (with every conflicting revision) opened and merged into memory; returns the
   * merged replicas of `echo`. */
  async mergeDocuments(remote, ids, echoKeys = []) {
    const found = (await remote.allDocs({ keys: ids, include_docs: true, conflicts: true })).rows.filter((row) => row.doc);
    const replicas = [];
    for (const row of found) {
      replicas.push(...((await this.openAll(remote, row.doc)) || [])); // an unreadable one is written over, which repairs it
      if (row.doc._conflicts?.length) this.losers.set(row.id, row.doc._conflicts);
    }
    const echo = [...new Set(echoKeys)].map(unkeyed);
    const merged = await this.memory.call("sync_pull", { replicas, echo, device: this.settings.device, now_ms: Date.now() });
    for (const row of found) this.known.remember(row.id, row.doc._rev); // merged: only now may a write go over them
    return merged;
  }

  /** One pull pass: the server's changes since the place last merged, a batch at a time. The next batch is
   * read and opened while one merges, so this worker fetches and decrypts while memory's worker merges. The
   * feed comes with its documents while most of them are new here (a new device: one request a batch instead
   * of two); once most of a batch is known, the feed is read without them and only those this device has not
   * merged or written are fetched: a device that wrote 100k records reads them back as ids and revisions. */
  async fetch(remote, stopped) {
    let withDocs = true;
    const read = (since) => {
      const included = withDocs;
      // batch_size: PouchDB's HTTP client otherwise reads a limit of 500 as 20 requests of 25, one after another.
      const options = { since, limit: PULL_BATCH, batch_size: PULL_BATCH, ...(included && { include_docs: true, conflicts: true }) };
      const batch = remote.changes(options).then(async (answer) => {
        const fresh = answer.results.filter((change) => !change.deleted && change.id.startsWith("r") && !this.known.seen(change.id, change.changes[0]?.rev));
        withDocs = fresh.length * 2 > answer.results.length;
        const ids = fresh.map((change) => change.id);
        const docs = included ? fresh.map((change) => change.doc) : ids.length ? (await remote.allDocs({ keys: ids, include_docs: true, conflicts: true })).rows.map((row) => row.doc) : [];
        return { answer, opened: await this.openDocs(remote, docs) };
      });
      batch.catch(() => {}); // a failure is the pass's, once it awaits this batch
      return batch;
    };
    let next = read(this.settings.since || 0);
    for (;;) {
      const batch = await next;
      if (stopped()) return;
      const full = batch.answer.results.length >= PULL_BATCH;
      next = full ? read(batch.answer.last_seq) : null;
      await this.serial(() => this.merge(batch));
      if (!full) return;
    }
  }

  /** The documents among these that this device has not merged or written, opened (null: unreadable). */
  async openDocs(remote, found) {
    const docs = found.filter((doc) => doc && !doc._deleted && !this.known.seen(doc._id, doc._rev));
    return { docs, opened: await Promise.all(docs.map((doc) => this.openAll(remote, doc))) };
  }

  /** One batch of the server's changes merged in through the worker, and the place in its feed kept. Other
   * devices' records are merged; a document with conflicting revisions is rewritten as their merge, the
   * losing revisions closed, and what this device changed meanwhile goes back (both through the outbox). */
  async merge({ answer, opened: { docs, opened } }) {
    if (!answer.results.length) return;
    const replicas = [];
    const conflicted = [];
    const fresh = [];
    docs.forEach((doc, i) => {
      const found = opened[i];
      if (this.known.seen(doc._id, doc._rev)) return; // merged or written here since it was opened
      fresh.push(doc);
      if (!found) return;
      replicas.push(...found);
      if (doc._conflicts?.length) {
        conflicted.push([found[0].kind, found[0].id]);
        this.losers.set(doc._id, doc._conflicts);
      }
    });
    if (replicas.length) {
      const result = await this.memory.call("sync_pull", { replicas, echo: conflicted, device: this.settings.device, now_ms: Date.now() });
      for (const doc of fresh) this.known.remember(doc._id, doc._rev); // merged: only now may a write go over them
      for (const replica of withVectors(result.echo, result)) this.outbox.set(keyOf(replica), replica);
    }
    this.settings.since = answer.last_seq;
    this.settings.lastSync = Date.now();
    await this.keepSettings();
    if (this.outbox.size) this.replicator?.push();
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
    return { on: true, state, error: this.error || refused, lastSync: this.settings.lastSync, server: this.settings.url, site: Boolean(this.settings.site), device: this.settings.device, pending: Math.max(this.outbox.size, this.settings.pending?.length || 0) }; // the settings' count until the outbox is refilled
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

  /** Sync off on this device: its replicas and settings go; memory stays. `deleteServerCopy`
   * also deletes the server's database (every device's sync stops working with it). */
  async disable({ deleteServerCopy = false } = {}) {
    clearTimeout(this.pushTimer);
    await this.disconnect();
    this.memory.removeEventListener("change", this.onChange);
    await this.queue.catch(() => {});
    if (deleteServerCopy && this.settings.site) await deleteSiteAccount(this.memory, this.settings);
    else if (deleteServerCopy) await this.remote.destroy().catch((error) => (error.status === 404 ? null : Promise.reject(error))); // gone already
    const replicas = await ReplicaStore.open(this.memory.profile);
    try {
      await replicas.clear(); // turned on again, everything is sent afresh
    } finally {
      replicas.close();
    }
    await writeSettings(this.memory.profile, null);
  }
}

