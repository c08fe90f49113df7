"""Sync in real Chromium: two browser contexts are two devices (each its own IndexedDB), replicating through
pouchdb-server on 127.0.0.1 as their CouchDB. They become one memory, a forget reaches both, a wrong recovery
phrase is refused, and the server holds no readable word."""

from __future__ import annotations

import asyncio
import base64
import json
import urllib.error
from collections.abc import Iterator

import pytest

from memlace.couchserver import couch_server, request
from tests.e2e.conftest import open_app, recorded_context

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

MARKER = "Quetzalcoatlus"  # a word no record holds unless a message said it

WAIT_FOR = """async ([predicate, timeoutMs]) => {
  const check = new Function("memory", `return (${predicate})(memory)`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check(window.memlace)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}"""


# Every word of WORDS in some active memory, none of NONE in any.
HOLDS = """async (m) => {
  const all = (await m.list({limit: 500})).items.map((x) => x.text);
  return WORDS.every((w) => all.some((t) => t.includes(w))) && !NONE.some((w) => all.some((t) => t.includes(w)));
}"""


@pytest.fixture(scope="module")
def couch() -> Iterator[str]:
    with couch_server() as url:
        yield url


async def texts(page) -> list[str]:  # type: ignore[no-untyped-def]
    listed = await page.evaluate("() => window.memlace.list({limit: 500})")
    return sorted(m["text"] for m in listed["items"])


async def wait_until(page, predicate: str, deadline_ms: int = 20_000) -> None:  # type: ignore[no-untyped-def]
    """Until the page's memory makes ``predicate`` true (the deadline only keeps a broken sync from hanging the run)."""
    held = await page.evaluate(WAIT_FOR, [predicate, deadline_ms])
    assert held, f"this never came true: {predicate}"


async def holds_the_same(page, other) -> None:  # type: ignore[no-untyped-def]
    """Until ``page`` holds exactly the memories ``other`` holds (records arrive in any order)."""
    want = json.dumps(await texts(other), separators=(",", ":"))
    await wait_until(
        page, f"async (m) => JSON.stringify((await m.list({{limit: 500}})).items.map((x) => x.text).sort()) === {json.dumps(want)}"
    )


async def turn_on(page, database: str) -> str:  # type: ignore[no-untyped-def]
    """Sync on with a new account key; its recovery phrase."""
    phrase: str = (await page.evaluate("(url) => window.memlace.sync.enable({url})", database))["phrase"]
    return phrase


async def porto_synced(context, origin: str, database: str, profile: str):  # type: ignore[no-untyped-def]
    """A device told where the user lives, syncing with a new account key: the page and its recovery phrase."""
    page = await open_app(context, origin, f"/?profile={profile}")
    await page.evaluate("() => window.memlace.ingest({text: 'I live in Porto.', chat_id: 'c', message_id: 'a'})")
    return page, await turn_on(page, database)


async def join(page, database: str, phrase: str) -> None:  # type: ignore[no-untyped-def]
    await page.evaluate("([url, phrase]) => window.memlace.sync.enable({url, phrase})", [database, phrase])


async def test_two_devices_become_one_memory_and_a_forget_reaches_both(browser, origin, couch) -> None:  # type: ignore[no-untyped-def]
    database = f"{couch}/memlace-pair"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        laptop = await open_app(laptop_context, origin, "/?profile=me")
        await laptop.evaluate(
            "(marker) => window.memlace.ingest({text: `My pet lizard is called ${marker}. I live in Porto.`, chat_id: 'c', message_id: 'a'})",
            MARKER,
        )
        await laptop.evaluate("() => window.memlace.sync.status()")  # settled: a profile that never synced starts no sync worker
        assert not any(w.url.endswith("/sync-worker.mjs") for w in laptop.workers)
        turned_on = await laptop.evaluate("(url) => window.memlace.sync.enable({url})", database)
        phrase = turned_on["phrase"]
        assert turned_on["on"] is True and len(phrase.split()) == 24

        phone = await open_app(phone_context, origin, "/?profile=me")
        wrong = phrase.split()
        wrong[0], wrong[1] = wrong[1], wrong[0]
        refused = await phone.evaluate(
            "([url, phrase]) => window.memlace.sync.enable({url, phrase}).then(() => 'accepted', (e) => `${e.code}: ${e.message}`)",
            [database, " ".join(wrong)],
        )
        assert refused.startswith("bad_phrase") or refused.startswith("wrong_key"), refused
        assert (await phone.evaluate("() => window.memlace.sync.status()"))["on"] is False

        await join(phone, database, phrase)
        await wait_until(phone, f"async (m) => (await m.list({{text: '{MARKER}'}})).items.length > 0")
        await holds_the_same(phone, laptop)
        # Sync runs in a worker of its own: PouchDB and the sealing never load on the page's main thread.
        for page in (laptop, phone):
            assert [w.url.rsplit("/", 1)[-1] for w in page.workers].count("sync-worker.mjs") == 1
            assert await page.evaluate("() => typeof window.PouchDB") == "undefined"

        # Written on the phone, read on the laptop; then a forget on the laptop leaves both.
        await phone.evaluate("() => window.memlace.ingest({text: 'I am allergic to peanuts.', chat_id: 'p', message_id: 'b'})")
        await wait_until(laptop, "async (m) => (await m.list({text: 'peanut'})).items.length > 0")
        lizard = (await laptop.evaluate(f"() => window.memlace.list({{text: '{MARKER}'}})"))["items"][0]
        await laptop.evaluate("(id) => window.memlace.forget(id)", lizard["id"])
        await wait_until(phone, f"async (m) => (await m.list({{text: '{MARKER}'}})).items.length === 0")
        assert await texts(phone) == await texts(laptop)

        # The server's copy, every document and revision it holds, has no word of what was said.
        # Ids, field names and everything around the ciphertext are read as text; the ciphertext itself as the
        # bytes it holds (its base64 is random letters, in which a short word turns up now and then by chance).
        docs = [row["doc"] for row in request(f"{database}/_all_docs?include_docs=true&conflicts=true")["rows"]]
        around = json.dumps([{k: v for k, v in doc.items() if k not in ("ct", "iv")} for doc in docs]).lower()
        sealed = [base64.b64decode(doc["ct"]).lower() for doc in docs if "ct" in doc]
        assert len(sealed) >= 4
        for word in (MARKER, "Porto", "peanut", "lizard", "text", "memory"):
            assert word.lower() not in around, word
            assert not any(word.lower().encode() in body for body in sealed), word
        status = await phone.evaluate("() => window.memlace.sync.status()")
        assert status["on"] and status["state"] in ("idle", "syncing") and status["error"] is None, status

        # The server alters a document: the devices refuse it, say so, and keep what they have.
        for page in (laptop, phone):
            await wait_until(page, "async (m) => { const s = await m.sync.status(); return s.state === 'idle' && !s.pending; }")
        before = await texts(phone)
        alter_one_record(database)
        await wait_until(phone, "async (m) => (await m.sync.status()).error?.code === 'bad_document'")
        assert "could not be opened" in (await phone.evaluate("() => window.memlace.sync.status()"))["error"]["message"]
        assert await texts(phone) == before


def alter_one_record(database: str, attempts: int = 10) -> None:
    """Flips one letter of a record's ciphertext on the server. A device may still be writing a newer revision of
    the same document; the server then answers 409, and the record is read again and altered afresh."""
    for _ in range(attempts):
        target = next(row["doc"] for row in request(f"{database}/_all_docs?include_docs=true")["rows"] if row["id"].startswith("r"))
        altered = target["ct"][:10] + ("A" if target["ct"][10] != "A" else "B") + target["ct"][11:]
        try:
            request(f"{database}/{target['_id']}", "PUT", {**target, "ct": altered})
            return
        except urllib.error.HTTPError as refused:
            if refused.code != 409:
                raise
    raise AssertionError(f"the server kept refusing the altered record after {attempts} attempts")


async def listed(page, text: str) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    return (await page.evaluate("(text) => window.memlace.list({text, limit: 50})", text))["items"]  # type: ignore[no-any-return]


async def test_offline_changes_on_both_devices_converge_and_a_forget_beats_an_edit(browser, origin, couch) -> None:  # type: ignore[no-untyped-def]
    database = f"{couch}/memlace-offline"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        laptop = await open_app(laptop_context, origin, "/?profile=me")
        for n, text in enumerate(["I work at Zalando.", "I love green tea.", "I live in Porto."]):
            await laptop.evaluate("([text, n]) => window.memlace.ingest({text, chat_id: 'c', message_id: `m${n}`})", [text, n])
        phrase = await turn_on(laptop, database)
        phone = await open_app(phone_context, origin, "/?profile=me")
        await join(phone, database, phrase)
        await wait_until(phone, "async (m) => (await m.list({text: 'Porto'})).items.length > 0")

        for page in (laptop, phone):
            assert (await page.evaluate("() => window.memlace.sync.pause()"))["state"] == "paused"
        job = (await listed(laptop, "Zalando"))[0]["id"]
        tea = (await listed(laptop, "green tea"))[0]["id"]
        # Offline, the laptop forgets the job, retracts the tea and learns something; the phone edits the job,
        # confirms the tea and learns something else.
        await laptop.evaluate("(id) => window.memlace.forget(id)", job)
        await laptop.evaluate("(id) => window.memlace.call('retract', {id})", tea)
        await laptop.evaluate("() => window.memlace.ingest({text: 'I started learning Portuguese.', chat_id: 'l', message_id: 'l1'})")
        await phone.evaluate("(id) => window.memlace.edit(id, 'User works at Spotify')", job)
        await phone.wait_for_timeout(20)
        await phone.evaluate("(id) => window.memlace.confirm(id)", tea)
        await phone.evaluate("() => window.memlace.ingest({text: 'My sister Ana is a nurse.', chat_id: 'p', message_id: 'p1'})")
        assert not any("Ana" in t for t in await texts(laptop)) and not any("Portuguese" in t for t in await texts(phone))  # paused

        for page in (laptop, phone):
            await page.evaluate("() => window.memlace.sync.resume()")
        for page in (laptop, phone):
            await wait_until(
                page, "async (m) => (await m.list({text: 'Ana'})).items.length > 0 && (await m.list({text: 'Portuguese'})).items.length > 0"
            )
            await wait_until(
                page,
                "async (m) => (await m.list({text: 'Spotify'})).items.length === 0 && (await m.list({text: 'Zalando'})).items.length === 0",
            )
        await wait_until(laptop, f"async (m) => (await m.get('{tea}')).memory.status === 'confirmed'")  # the later write wins
        # and the two hold the same memories (the last merges may still be landing: a full suite's load slows them)
        await holds_the_same(phone, laptop)
        assert await texts(laptop) == await texts(phone)


async def test_a_device_closed_mid_sync_picks_up_where_it_stopped(browser, origin, couch) -> None:  # type: ignore[no-untyped-def]
    database = f"{couch}/memlace-closed"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as tablet_context:
        laptop = await open_app(laptop_context, origin, "/?profile=big")
        await laptop.evaluate(
            "() => window.memlace.call('bench_populate', {n: 2500})"
        )  # several replication batches: it cannot all arrive at once
        phrase = await turn_on(laptop, database)
        total = (await laptop.evaluate("() => window.memlace.stats()"))["memories"]
        # Everything is on the server before the new device starts.
        await wait_until(laptop, "async (m) => (await m.sync.status()).state === 'idle'")
        for _ in range(100):
            if request(f"{database}")["doc_count"] > total:
                break
            await laptop.wait_for_timeout(200)

        tablet = await open_app(tablet_context, origin, "/?profile=big")
        await join(tablet, database, phrase)
        await wait_until(tablet, "async (m) => (await m.stats()).memories > 0", 30_000)
        at_close = await tablet.evaluate("() => window.memlace.stats().then((s) => s.memories)")
        await tablet.close()
        assert 0 < at_close < total  # closed mid-sync: some records were in, not all
        tablet = await open_app(tablet_context, origin, "/?profile=big")
        await wait_until(tablet, f"async (m) => (await m.stats()).memories === {total}", 60_000)
        assert (await tablet.evaluate("() => window.memlace.sync.status()"))["on"] is True
        assert await texts(tablet) == await texts(laptop)
        # The server's feed was read a batch of 500 a request (PouchDB's client reads a limit as requests of
        # 25 unless told otherwise): both sessions together took little more than one read per 500 documents.
        reads = [url for url in tablet_context.requests.urls if "/_changes?" in url and "feed=" not in url]
        documents = request(database)["doc_count"]
        assert reads and all("limit=500" in url for url in reads if "since=0" in url), reads[:3]
        assert len(reads) <= documents // 500 + 8, f"{len(reads)} reads of the feed for {documents} documents"


async def test_what_waited_to_be_sent_when_a_tab_closed_is_sent_when_it_opens_again(browser, origin, couch) -> None:  # type: ignore[no-untyped-def]
    database = f"{couch}/memlace-outbox"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        laptop, phrase = await porto_synced(laptop_context, origin, database, "outbox")
        phone = await open_app(phone_context, origin, "/?profile=outbox")
        await join(phone, database, phrase)
        await wait_until(phone, "async (m) => (await m.list({text: 'Porto'})).items.length > 0")
        # Memory counts a change as sent once sync takes it; the tab closes before the server has it.
        await laptop.evaluate("() => window.memlace.sync.pause()")
        await laptop.evaluate("() => window.memlace.ingest({text: 'I keep a parrot called Rio.', chat_id: 'c', message_id: 'b'})")
        await wait_until(laptop, "async (m) => (await m.sync.status()).pending > 0")
        await laptop.close()

        laptop = await open_app(laptop_context, origin, "/?profile=outbox")
        await wait_until(laptop, "async (m) => (await m.sync.status()).state === 'paused'")
        assert (await laptop.evaluate("() => window.memlace.sync.status()"))["pending"] > 0
        await laptop.evaluate("() => window.memlace.sync.resume()")
        await wait_until(phone, "async (m) => (await m.list({text: 'parrot'})).items.length > 0")
        await wait_until(laptop, "async (m) => { const s = await m.sync.status(); return s.state === 'idle' && !s.pending; }")
        await holds_the_same(phone, laptop)


# What earlier versions left: an encrypted copy of the server's documents in PouchDB (the first version's with
# its "idb" adapter, the second's with its "indexeddb" one), named in the settings as "local", with a place in
# that copy's feed as "since". Written here as they wrote them.
EARLIER_VERSIONS = """async (profile) => {
  const scripts = [...document.scripts].find((s) => s.src.includes("/js/")).src; // sync runs in a worker: load PouchDB here
  await import(new URL("../pouchdb/pouchdb.min.js", scripts).href);
  await import(new URL("../pouchdb/pouchdb.indexeddb.min.js", scripts).href);
  for (const [name, adapter] of [[`memlace-sync-${profile}`, "idb"], [`memlace-sync-v2-${profile}`, "indexeddb"]]) {
    const old = new PouchDB(name, {adapter});
    await old.put({_id: "rearlier-version-leftover", v: 1, iv: "", ct: ""});
    await old.close();
  }
  const db = await new Promise((resolve, reject) => {
    const opened = indexedDB.open(`memlace~sync-${profile}`);
    opened.onsuccess = () => resolve(opened.result);
    opened.onerror = () => reject(opened.error);
  });
  const store = db.transaction(["settings"], "readwrite").objectStore("settings");
  await new Promise((resolve) => (store.get("sync").onsuccess = (event) => {
    const row = event.target.result;
    row.value.local = `memlace-sync-v2-${profile}`;
    row.value.since = 999999; // the old copy's feed: past the end of the server's
    store.put(row).onsuccess = resolve;
  }));
  db.close();
}"""
POUCH_DATABASES = "() => indexedDB.databases().then((all) => all.map((d) => d.name).filter((n) => n.startsWith('_pouch_')).sort())"


class Relay:
    """A TCP relay to the sync server that a test cuts and restores: a device losing its connection (the server
    keeps running and keeps what it holds, as it would for a laptop that went offline)."""

    def __init__(self, server_url: str) -> None:
        self.target = server_url.rsplit(":", 1)[1]
        self.links: set[asyncio.StreamWriter] = set()
        self.server: asyncio.Server | None = None
        self.port = 0

    async def restore(self) -> None:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def cut(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.links):
            writer.close()
        await self.server.wait_closed()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream = await asyncio.open_connection("127.0.0.1", int(self.target))
        self.links.update((writer, upstream))

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except ConnectionError:
                pass
            finally:
                sink.close()
                self.links.discard(sink)

        await asyncio.gather(pipe(reader, upstream), pipe(upstream_reader, writer))


async def test_a_device_that_loses_the_server_says_so_and_catches_up_both_ways_when_it_is_back(browser, origin, couch) -> None:  # type: ignore[no-untyped-def]
    relay = Relay(couch)
    await relay.restore()
    name = "memlace-cut"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        laptop = await open_app(laptop_context, origin, "/?profile=cut")
        await laptop.evaluate("() => window.memlace.ingest({text: 'I keep bees.', chat_id: 'c', message_id: 'a'})")
        phrase = await turn_on(laptop, f"http://127.0.0.1:{relay.port}/{name}")
        phone = await open_app(phone_context, origin, "/?profile=cut")
        await join(phone, f"{couch}/{name}", phrase)
        await wait_until(phone, "async (m) => (await m.list({text: 'bees'})).items.length > 0")
        await wait_until(laptop, "async (m) => (await m.sync.status()).state === 'idle'")

        await relay.cut()
        await wait_until(laptop, "async (m) => (await m.sync.status()).state === 'offline'")
        await laptop.evaluate("() => window.memlace.ingest({text: 'My sister Lola lives in Porto.', chat_id: 'c', message_id: 'b'})")
        await phone.evaluate("() => window.memlace.ingest({text: 'I play the cello.', chat_id: 'p', message_id: 'c'})")
        await wait_until(laptop, "async (m) => { const s = await m.sync.status(); return s.state === 'offline' && s.pending > 0; }")
        await phone.wait_for_timeout(1500)
        assert await listed(phone, "Lola") == []  # nothing of it reached the server

        await relay.restore()  # the same address: the laptop finds the server again by itself
        await wait_until(phone, "async (m) => (await m.list({text: 'Lola'})).items.length > 0", 40_000)
        await wait_until(laptop, "async (m) => (await m.list({text: 'cello'})).items.length > 0", 40_000)
        await wait_until(laptop, "async (m) => { const s = await m.sync.status(); return s.state === 'idle' && !s.pending && !s.error; }")
        await holds_the_same(phone, laptop)
    await relay.cut()


async def test_a_device_of_an_earlier_version_drops_its_copy_and_keeps_syncing(browser, origin, couch) -> None:  # type: ignore[no-untyped-def]
    database = f"{couch}/memlace-upgrade"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        laptop, phrase = await porto_synced(laptop_context, origin, database, "up")
        await wait_until(laptop, "async (m) => (await m.sync.status()).state === 'idle'")
        assert await laptop.evaluate(POUCH_DATABASES) == []  # this version keeps no copy of the server's documents
        await laptop.evaluate("() => window.memlace.sync.pause()")  # the session writes its settings no more
        await laptop.evaluate(EARLIER_VERSIONS, "up")
        assert await laptop.evaluate(POUCH_DATABASES) == ["_pouch_memlace-sync-up", "_pouch_memlace-sync-v2-up"]
        # Meanwhile another device adds to the server's copy: the upgraded laptop must read the server's feed
        # from its start, not from the old copy's place.
        phone = await open_app(phone_context, origin, "/?profile=up")
        await join(phone, database, phrase)
        await phone.evaluate("() => window.memlace.ingest({text: 'My brother Rui plays the drums.', chat_id: 'p', message_id: 'r'})")
        await wait_until(phone, "async (m) => (await m.sync.status()).state === 'idle' && !(await m.sync.status()).pending")

        await laptop.reload()
        await laptop.wait_for_selector("body[data-ready=true]", state="attached")
        await wait_until(laptop, "async (m) => (await m.sync.status()).state === 'paused'")
        await laptop.evaluate("() => window.memlace.sync.resume()")
        await wait_until(laptop, "async (m) => (await m.sync.status()).state === 'idle'")
        # The old copies go.
        await wait_until(laptop, "async () => !(await indexedDB.databases()).some((d) => d.name.startsWith('_pouch_'))")
        await wait_until(laptop, "async (m) => (await m.list({text: 'Rui'})).items.length > 0")
        await laptop.evaluate("() => window.memlace.ingest({text: 'I am allergic to peanuts.', chat_id: 'c', message_id: 'b'})")

        await holds_the_same(phone, laptop)  # what was said before the upgrade and after it
        assert (await phone.evaluate("() => window.memlace.sync.status()"))["error"] is None

        # Off, then on again to another database in the same tab: that server gets every record, not only
        # what changed since the last push.
        await laptop.evaluate("() => window.memlace.sync.disable()")
        moved = f"{couch}/memlace-upgrade-moved"
        await turn_on(laptop, moved)
        stats = await laptop.evaluate("() => window.memlace.stats()")
        records = stats["memories"] + stats["episodes"] + stats["entities"] + stats["edges"]
        await wait_until(laptop, f"async () => (await fetch('{moved}').then((r) => r.json())).doc_count >= {records + 1}")


async def test_sync_is_turned_on_joined_paused_and_off_from_the_inspector(browser, origin, couch) -> None:  # type: ignore[no-untyped-def]
    database = f"{couch}/memlace-pages"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        chat = await open_app(laptop_context, origin, "/?profile=pages")
        await chat.evaluate("() => window.memlace.ingest({text: 'I keep bees on my roof.', chat_id: 'c', message_id: 'a'})")
        assert await chat.is_hidden("#sync-chip")  # no sync, no chip
        laptop = await open_app(laptop_context, origin, "/inspect.html?profile=pages")
        await laptop.click("#tab-sync")
        assert await laptop.text_content("#sync-status") == "Sync is off."
        await laptop.fill("#sync-url", "not a url")
        await laptop.click("#sync-on button[type=submit]")
        await laptop.wait_for_function("() => document.querySelector('#sync-status').dataset.state === 'error'")
        assert "URL" in await laptop.text_content("#sync-status")
        await laptop.fill("#sync-url", database)
        await laptop.click("#sync-on button[type=submit]")
        await laptop.wait_for_selector("#sync-phrase-box:not([hidden])")
        phrase = " ".join(await laptop.locator("#sync-phrase-words li").all_text_contents())
        assert len(phrase.split()) == 24
        await laptop.screenshot(path="build/screenshots/sync-phrase.png", full_page=True)
        await laptop.click("#sync-phrase-done")
        assert await laptop.is_hidden("#sync-phrase-box") and await laptop.is_hidden("#sync-on")
        await chat.wait_for_function("() => document.querySelector('#sync-chip').textContent === 'Synced'", timeout=20_000)

        phone = await open_app(phone_context, origin, "/inspect.html?profile=pages#sync")
        assert await phone.is_visible("#panel-sync")  # the chip's link opens the Sync tab
        await phone.fill("#sync-url", database)
        await phone.check("input[name=sync-mode][value=join]")
        await phone.fill("#sync-phrase", " ".join(reversed(phrase.split())))
        await phone.click("#sync-on button[type=submit]")
        await phone.wait_for_function("() => document.querySelector('#sync-status').dataset.state === 'error'")
        assert "phrase" in (await phone.text_content("#sync-status")).lower()
        await phone.fill("#sync-phrase", phrase.upper())
        await phone.click("#sync-on button[type=submit]")
        await phone.wait_for_function("() => document.querySelector('#sync-status').textContent.startsWith('Up to date')", timeout=20_000)
        assert await phone.is_hidden("#sync-phrase-box")  # joining shows no new phrase
        await phone.click("#tab-memories")
        await phone.wait_for_function("() => document.querySelector('#memory-list').textContent.includes('bees')", timeout=20_000)

        await phone.click("#tab-sync")
        await phone.click("#sync-pause")
        await phone.wait_for_selector("#sync-resume:not([hidden])")
        assert (await phone.text_content("#sync-status")).startswith("Paused")
        # Written while paused: the tab counts what waits to go, and sends it on resume.
        phone_chat = await open_app(phone_context, origin, "/?profile=pages")
        await phone_chat.evaluate("() => window.memlace.ingest({text: 'My niece Lola studies law.', chat_id: 'p', message_id: 'b'})")
        await phone.wait_for_function(
            "() => / changes? waits? to be sent/.test(document.querySelector('#sync-status').textContent)", timeout=20_000
        )
        assert (await phone_chat.evaluate("() => window.memlace.sync.status()"))["pending"] > 0
        await phone.screenshot(path="build/screenshots/sync-paused.png", full_page=True)
        await phone.click("#sync-resume")
        await phone.wait_for_selector("#sync-pause:not([hidden])")
        await chat.wait_for_function("async () => (await window.memlace.list({text: 'Lola'})).items.length > 0", timeout=20_000)
        await phone.wait_for_function("() => document.querySelector('#sync-status').textContent.startsWith('Up to date')", timeout=20_000)
        assert "to be sent" not in await phone.text_content("#sync-status")
        # Off with "also delete the server's copy". (The laptop pauses first: pouchdb-server, unlike CouchDB,
        # makes the database again from a write in flight as it goes.)
        await chat.evaluate("() => window.memlace.sync.pause()")
        await phone.check("#sync-delete-server")
        await phone.click("#sync-off-go")
        await phone.wait_for_function("() => document.querySelector('#sync-status').textContent === 'Sync is off.'")
        assert await phone.is_visible("#sync-on")
        with pytest.raises(Exception, match="404"):
            request(database)  # the server's copy is gone

        # The laptop resumes, then is opened afresh: it says the server's copy is gone and never makes it again
        # (even where it could create databases), and it can still turn sync off.
        await chat.evaluate("() => window.memlace.sync.resume()")
        await chat.wait_for_function("async () => (await window.memlace.sync.status()).error?.code === 'server_copy_gone'", timeout=20_000)
        for page in (chat, laptop):
            await page.reload()
            await page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)  # wired before it is used
        await laptop.click("#tab-sync")
        await laptop.wait_for_selector("#panel-sync:not([hidden])")
        await laptop.wait_for_function(
            "() => document.querySelector('#sync-status').textContent.includes('copy of this memory is gone')", timeout=20_000
        )
        await laptop.wait_for_selector("#sync-off-go", state="visible", timeout=20_000)
        await laptop.screenshot(path="build/screenshots/sync-server-copy-gone.png", full_page=True)
        with pytest.raises(Exception, match="404"):
            request(database)
        await laptop.click("#sync-off-go")
        await laptop.wait_for_function("() => document.querySelector('#sync-status').textContent === 'Sync is off.'")
        assert "bees" in " ".join(await texts(chat))  # memory stays
        assert chat.errors == [] and laptop.errors == [] and phone.errors == [] and phone_chat.errors == []
