"""Sync through the site's own sync server, in real Chromium: the site's function (the dev server runs it as
Netlify does) holds a CouchDB admin credential for pouchdb-server on 127.0.0.1, which has a real server admin.
A user turns sync on in the inspector without naming any server, a second device joins with the phrase, a
phrase no memory was made with is refused by name, and deleting the server copy takes the account."""

from __future__ import annotations

import base64
import json
import urllib.error
from collections.abc import Iterator

import pytest

from memlace.couchserver import couch_server, request
from memlace.devserver import dev_server
from tests.e2e.conftest import _built, open_app, recorded_context

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

ADMIN = ("operator", "operator-secret")

# A valid recovery phrase of a new account key, made in the page with the site's own modules.
OTHER_PHRASE = """async () => {
  const base = document.querySelector("script[type=module][src*='/rt/']").src;
  const { newAccountKey, phraseFromKey } = await import(new URL("./sync-crypto.mjs", base).href);
  const { wordlist } = await import(new URL("../bip39/english.js", base).href);
  return phraseFromKey(newAccountKey(), wordlist);
}"""


@pytest.fixture(scope="module")
def couch() -> Iterator[str]:
    with couch_server(admin=ADMIN) as url:
        yield url


@pytest.fixture(scope="module")
def site(couch: str) -> Iterator[str]:
    with dev_server(_built(), {"MEMLACE_COUCHDB_URL": couch, "MEMLACE_COUCHDB_ADMIN": ":".join(ADMIN)}) as server:
        yield server.url


def revisions(url: str) -> dict[str, tuple[str, int]]:
    """Each sealed document's current revision and ciphertext length, as the server's admin sees them."""
    rows = request(f"{url}/_all_docs?include_docs=true", auth=ADMIN)["rows"]
    return {row["id"]: (row["value"]["rev"], len(row["doc"].get("ct", ""))) for row in rows if row["id"].startswith("r")}


def old_revision_gone(url: str, doc_id: str, rev: str) -> bool:
    """The server no longer holds the body of revision ``rev`` (compacted away)."""
    info = request(f"{url}/{doc_id}?revs_info=true", auth=ADMIN)["_revs_info"]
    return any(entry["rev"] == rev and entry["status"] == "missing" for entry in info)


def databases(couch: str) -> list[str]:
    return [name for name in request(f"{couch}/_all_dbs", auth=ADMIN) if name.startswith("memlace-")]


async def test_a_memory_syncs_through_the_sites_server_without_naming_one(browser, site, couch) -> None:  # type: ignore[no-untyped-def]
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        chat = await open_app(laptop_context, site, "/?profile=site")
        await chat.evaluate("() => window.memlace.ingest({text: 'I keep bees on my roof in Lyon.', chat_id: 'c', message_id: 'a'})")
        laptop = await open_app(laptop_context, site, "/inspect.html?profile=site")
        await laptop.click("#tab-sync")
        await laptop.wait_for_selector("#sync-server-choice:not([hidden])")  # the site offers its server
        assert await laptop.is_checked("input[name=sync-server][value=site]") and await laptop.is_hidden("#sync-url")
        await laptop.click("#sync-on button[type=submit]")
        await laptop.wait_for_selector("#sync-phrase-box:not([hidden])")
        phrase = " ".join(await laptop.locator("#sync-phrase-words li").all_text_contents())
        await laptop.click("#sync-phrase-done")
        await laptop.wait_for_function("() => document.querySelector('#sync-status').textContent.includes(\"this site's sync server\")")
        [database] = databases(couch)
        url = f"{couch}/{database}"
        with pytest.raises(urllib.error.HTTPError, match="401"):
            request(url)  # the account's database admits only its own user

        phone = await open_app(phone_context, site, "/inspect.html?profile=site#sync")
        await phone.wait_for_selector("#sync-server-choice:not([hidden])")
        await phone.check("input[name=sync-mode][value=join]")
        await phone.fill("#sync-phrase", await phone.evaluate(OTHER_PHRASE))  # a real phrase, of no memory here
        await phone.click("#sync-on button[type=submit]")
        await phone.wait_for_function("() => document.querySelector('#sync-status').dataset.state === 'error'")
        assert "no memory made with that recovery phrase" in await phone.text_content("#sync-status")
        assert databases(couch) == [database]  # joining never makes an account
        await phone.fill("#sync-phrase", phrase)
        await phone.click("#sync-on button[type=submit]")
        await phone.wait_for_function("() => document.querySelector('#sync-status').textContent.startsWith('Up to date')", timeout=20_000)
        await phone.click("#tab-memories")
        await phone.wait_for_function("() => document.querySelector('#memory-list').textContent.includes('bees')", timeout=20_000)
        phone_chat = await open_app(phone_context, site, "/?profile=site")
        await phone_chat.evaluate("() => window.memlace.ingest({text: 'My sister Ana is a nurse.', chat_id: 'p', message_id: 'b'})")
        await chat.wait_for_function("async () => (await window.memlace.list({text: 'Ana'})).items.length > 0", timeout=20_000)
        # The server holds no word of it: around the ciphertext as text, the ciphertext as the bytes it holds
        # (its base64 is random letters, in which a short word turns up now and then by chance).
        docs = [row["doc"] for row in request(f"{url}/_all_docs?include_docs=true", auth=ADMIN)["rows"]]
        around = json.dumps([{k: v for k, v in doc.items() if k not in ("ct", "iv")} for doc in docs]).lower()
        sealed = [base64.b64decode(doc["ct"]).lower() for doc in docs if "ct" in doc]
        assert len(sealed) >= 4
        for word in ("bees", "lyon", "nurse", "ana"):
            assert word not in around and not any(word.encode() in body for body in sealed), word
        await phone.click("#tab-sync")
        await phone.screenshot(path="build/screenshots/sync-site.png", full_page=True)

        # A forget reaches the other device, and the server compacts: no old revision keeps the words.
        before = revisions(url)
        bees = (await chat.evaluate("() => window.memlace.list({text: 'bees'})"))["items"][0]["id"]
        await chat.evaluate("(id) => window.memlace.forget(id)", bees)
        await phone_chat.wait_for_function("async () => (await window.memlace.list({text: 'bees'})).items.length === 0", timeout=20_000)
        emptied = []
        for _ in range(100):
            after = revisions(url)
            emptied = [i for i, (rev, size) in after.items() if i in before and rev != before[i][0] and size < before[i][1]]
            if emptied and all(old_revision_gone(url, i, before[i][0]) for i in emptied):
                break
            await chat.wait_for_timeout(200)
        assert emptied and all(old_revision_gone(url, i, before[i][0]) for i in emptied), emptied

        # A third device joins with a short pairing code the laptop shows, typed loosely; the code works once.
        await laptop.click("#sync-pair")
        await laptop.wait_for_selector("#sync-pair-box:not([hidden])")
        code = await laptop.text_content("#sync-pair-code")
        assert code and len(code) == 14 and code.count("-") == 2, code
        await laptop.screenshot(path="build/screenshots/sync-pairing-code.png", full_page=True)
        async with recorded_context(browser) as tablet_context:
            tablet = await open_app(tablet_context, site, "/inspect.html?profile=site#sync")
            await tablet.wait_for_selector("#sync-code-mode:not([hidden])")
            await tablet.check("input[name=sync-mode][value=code]")
            assert await tablet.is_hidden("#sync-url") and await tablet.is_hidden("#sync-server-choice")
            await tablet.fill("#sync-code", code.lower().replace("-", " ").replace("0", "o"))
            await tablet.click("#sync-on button[type=submit]")
            await tablet.wait_for_function(
                "() => document.querySelector('#sync-status').textContent.startsWith('Up to date')", timeout=20_000
            )
            assert "this site's sync server" in await tablet.text_content("#sync-status")
            await tablet.click("#tab-memories")
            await tablet.wait_for_function("() => document.querySelector('#memory-list').textContent.includes('nurse')", timeout=20_000)
            assert tablet.errors == []
            again = await phone_chat.evaluate(
                "(code) => window.memlace.sync.disable().then(() => window.memlace.sync.enable({pairingCode: code})).then(() => 'joined', (e) => e.code)",
                code,
            )
            assert again == "no_pairing"
            await phone_chat.evaluate("(phrase) => window.memlace.sync.enable({site: true, phrase})", phrase)
        await laptop.click("#sync-pair-done")
        assert await laptop.is_hidden("#sync-pair-box")

        # Off with "also delete the server's copy": the account's database and user go. (The laptop pauses
        # first: pouchdb-server, unlike CouchDB, makes the database again from a write in flight as it goes.)
        await chat.evaluate("() => window.memlace.sync.pause()")
        await phone.check("#sync-delete-server")
        await phone.click("#sync-off-go")
        await phone.wait_for_function("() => document.querySelector('#sync-status').textContent === 'Sync is off.'")
        assert databases(couch) == []
        assert not [
            row for row in request(f"{couch}/_users/_all_docs", auth=ADMIN)["rows"] if row["id"].startswith("org.couchdb.user:memlace-")
        ]
        assert chat.errors == [] and laptop.errors == [] and phone.errors == [] and phone_chat.errors == []


async def test_a_pairing_code_brings_an_own_servers_address_and_sign_in(browser, site, couch) -> None:  # type: ignore[no-untyped-def]
    database = f"{couch}/memlace-own-server"
    async with recorded_context(browser) as laptop_context, recorded_context(browser) as phone_context:
        laptop = await open_app(laptop_context, site, "/?profile=own")
        await laptop.evaluate("() => window.memlace.ingest({text: 'I grow chillies on the balcony.', chat_id: 'c', message_id: 'a'})")
        refused = await laptop.evaluate(
            "(url) => window.memlace.sync.enable({url, username: 'operator', password: 'not-it'}).then(() => 'on', (e) => `${e.code}: ${e.message}`)",
            database,
        )
        assert refused.startswith("server_refused: the sync server refused this device"), refused
        assert (await laptop.evaluate("() => window.memlace.sync.status()"))["on"] is False
        await laptop.evaluate("([url, username, password]) => window.memlace.sync.enable({url, username, password})", [database, *ADMIN])
        code = (await laptop.evaluate("() => window.memlace.sync.pairingCode()"))["code"]
        phone = await open_app(phone_context, site, "/?profile=own")
        bad = await phone.evaluate("() => window.memlace.sync.enable({pairingCode: 'not a code'}).then(() => 'joined', (e) => e.code)")
        assert bad == "bad_code"
        joined = await phone.evaluate("(code) => window.memlace.sync.enable({pairingCode: code})", code)
        assert joined["server"] == database and joined["site"] is False
        await phone.wait_for_function("async () => (await window.memlace.list({text: 'chillies'})).items.length > 0", timeout=20_000)
        assert laptop.errors == [] and phone.errors == []
