"""memlace in real headless Chromium: boot, ingest, retrieve, persistence, tabs, export/import,
the Store contract over real IndexedDB, embedder parity, and no request beyond 127.0.0.1."""

from __future__ import annotations

import json

import pytest

from tests.conftest import REFERENCE
from tests.e2e.conftest import open_app

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

CONVERSATION = [
    "I'm William, I'm 22 and I work on DeepRune with Dr. Tran.",
    "DeepRune is a chip design project. I use C and Python for DeepRune.",
    "I live in NYC.",
    "I prefer dark theme in every editor.",
    "Big news: I moved to SF last week!",
]

INGEST = """async (lines) => {
  for (const [i, text] of lines.entries()) {
    await window.memlace.ingest({text, chat_id: "e2e", message_id: `m${i}`, timestamp: 1700000000 + i * 60});
  }
  return window.memlace.stats();
}"""


async def test_boot_ingest_retrieve(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin)
    stats = await page.evaluate(INGEST, CONVERSATION)
    assert stats["episodes"] == 5 and stats["memories"] >= 5 and stats["embedding_model"].startswith("all-MiniLM")
    pack = await page.evaluate("() => window.memlace.retrieve('User likes dark mode')")
    top_memory = next(i for i in pack["items"] if i["type"] == "memory")
    assert top_memory["text"] == "User prefers dark theme in every editor" and "vector" in top_memory["reason"]["sources"]
    where = await page.evaluate("() => window.memlace.retrieve('Where do I live?')")
    memories = [i["text"] for i in where["items"] if i["type"] == "memory"]
    assert "User lives in NYC" not in memories  # superseded by the move
    deeprune = await page.evaluate("() => window.memlace.retrieve('Tell me about DeepRune')")
    assert any("entity" in i["reason"]["sources"] for i in deeprune["items"])
    assert page.errors == []


async def test_memories_survive_a_reload(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin)
    await page.evaluate(INGEST, CONVERSATION[:3])
    await page.reload()
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
    stats = await page.evaluate("() => window.memlace.stats()")
    assert stats["episodes"] == 3
    pack = await page.evaluate("() => window.memlace.retrieve('Tell me about DeepRune')")
    assert any("DeepRune" in i["text"] for i in pack["items"])


async def test_two_tabs_share_one_writer(context, origin) -> None:  # type: ignore[no-untyped-def]
    first = await open_app(context, origin)
    second = await open_app(context, origin)
    await first.evaluate("() => window.memlace.ingest({text: 'I play chess on Sundays.', chat_id: 't', message_id: 'a'})")
    await second.evaluate("() => window.memlace.ingest({text: 'I play the violin every evening.', chat_id: 't', message_id: 'b'})")
    leaders = [await p.evaluate("() => window.memlace.leader") for p in (first, second)]
    assert sorted(leaders) == [False, True]
    for page in (first, second):
        assert (await page.evaluate("() => window.memlace.stats()"))["episodes"] == 2
    await first.close()  # the other tab takes over and keeps everything
    after = await second.evaluate("() => window.memlace.search('violin chess').then(p => p.items.length)")
    assert after >= 2
    assert await second.evaluate("() => window.memlace.leader") is True


async def test_export_then_import_into_a_fresh_profile(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/?profile=source")
    await page.evaluate(INGEST, CONVERSATION)
    exported = await page.evaluate("() => window.memlace.export()")
    fresh = await open_app(context, origin, "/?profile=copy")
    report = await fresh.evaluate("(doc) => window.memlace.import(doc)", exported)
    assert report["memories"] == len(exported["memories"]) and report["conflicts"] == []
    again = await fresh.evaluate("() => window.memlace.export()")
    key = lambda doc: json.dumps({k: sorted(doc[k], key=json.dumps) for k in ("memories", "episodes", "entities", "edges")}, sort_keys=True)  # noqa: E731
    assert key(again) == key(exported)


async def test_store_contract_on_real_indexeddb(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin)
    results = await page.evaluate("() => window.memlace.call('selftest_store')")
    assert results and all(outcome == "ok" for outcome in results.values()), results


async def test_sync_replica_store_on_real_indexeddb(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin)
    results = await page.evaluate("() => window.memlace.call('selftest_replicas')")
    assert len(results) >= 6 and all(outcome == "ok" for outcome in results.values()), results


async def test_embedder_parity_in_the_browser(context, origin, local_embedder) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    page = await open_app(context, origin)
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
    texts = [item["text"] for item in reference["items"]]
    flat = await page.evaluate("(texts) => window.memlace.call('embed_texts', {texts})", texts)
    browser_vectors = np.array(flat, dtype=np.float32).reshape(len(texts), 384)
    expected = np.array([item["embedding"] for item in reference["items"]], dtype=np.float32)
    assert (browser_vectors * expected).sum(axis=1).min() >= 0.999
    cpython = local_embedder.embed_sync(texts)
    assert (browser_vectors * cpython).sum(axis=1).min() >= 0.9999  # the same file, the same vectors


async def test_a_large_batch_is_shared_by_two_embedding_workers_with_the_same_vectors(context, origin) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    page = await open_app(context, origin)
    texts = [item["text"] for item in json.loads(REFERENCE.read_text(encoding="utf-8"))["items"]]
    texts += [f"{text} ({n})" for n, text in enumerate(texts)]  # distinct texts: a row in the wrong place shows
    alone = await page.evaluate("(texts) => window.memlace.call('embed_texts', {texts, alone: true})", texts)
    assert alone["workers"] == 1 and alone["shared"] == 0  # nothing large has been asked yet: the model is held once
    shared = None
    for _ in range(100):  # the spare worker loads its model after the first large batch asks for it
        shared = await page.evaluate("(texts) => window.memlace.call('embed_texts', {texts, alone: false})", texts)
        if shared["shared"]:
            break
        await page.wait_for_timeout(100)
    assert shared is not None and shared["workers"] == 2 and shared["shared"] >= 1, shared
    one = np.array(alone["vectors"], dtype=np.float32).reshape(len(texts), 384)
    two = np.array(shared["vectors"], dtype=np.float32).reshape(len(texts), 384)
    assert (one * two).sum(axis=1).min() >= 0.99999  # each text's own vector, in its own row
    small = await page.evaluate("() => window.memlace.call('embed_texts', {texts: ['hello'], alone: false})")
    assert small["shared"] == shared["shared"]  # a short call stays on the first worker


async def test_bad_calls_get_structured_errors(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin)
    outcome = await page.evaluate(
        """async () => {
      const tries = [() => window.memlace.ingest({text: ''}), () => window.memlace.get('mem_nope'),
                     () => window.memlace.call('no_such_method')];
      const out = [];
      for (const t of tries) { try { await t(); out.push('accepted'); } catch (e) { out.push(e.code); } }
      return out;
    }"""
    )
    assert outcome == ["invalid_input", "not_found", "invalid_input"]


async def test_ingest_does_not_block_retrieval(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin)
    await page.evaluate(INGEST, CONVERSATION[:2])
    order = await page.evaluate(
        """async () => {
      const done = [];
      const lines = Array.from({length: 40}, (_, i) => ({text: `I visited museum number ${i} in Lisbon with my sister.`, message_id: `bulk${i}`}));
      const ingest = window.memlace.ingest(lines).then(() => done.push('ingest'));
      await new Promise(r => setTimeout(r, 50));
      const retrieve = window.memlace.retrieve('Tell me about DeepRune', {track: false}).then(() => done.push('retrieve'));
      await Promise.all([ingest, retrieve]);
      return done;
    }"""
    )
    assert order == ["retrieve", "ingest"]


WAIT_FOR_MODELS = """async () => {
  for (let i = 0; i < 600; i++) {
    const status = await window.memlace.models();
    if (status.mode !== 'connecting') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}"""


async def test_model_mode_extracts_through_the_proxy(context, model_server, upstream) -> None:  # type: ignore[no-untyped-def]
    """The worker in Chromium -> FetchTransport -> the proxy function -> the fake upstream, and back."""
    upstream.reset()
    page = await open_app(context, model_server.url, "/?profile=model-mode")
    status = await page.evaluate(WAIT_FOR_MODELS)
    assert status["mode"] == "model", status
    assert status["routes"]["extract"] and status["routes"]["chat"]
    result = await page.evaluate(
        "() => window.memlace.ingest({text: 'I live in Lisbon and I use Rust at Acme', speaker: 'Ana', chat_id: 'c', message_id: 'm1'})"
    )
    assert not result["retry_queued"], result
    listed = await page.evaluate("() => window.memlace.list({})")
    memory = listed["items"][0]
    detail = await page.evaluate("(id) => window.memlace.get(id)", memory["id"])
    assert memory["kind"] == "fact" and memory["text"] == "Ana live in Lisbon and I use Rust at Acme"  # the fake model's rewrite
    assert detail["memory"]["provenance"][0]["extractor"] == "llm"
    entities = {e["name"]: e["type"] for e in detail["entities"]}
    assert entities == {"Lisbon": "place", "Rust": "tool", "Acme": "organization"}
    paths = [r["path"] for r in upstream.requests()]
    assert "/v1/chat/completions" in paths
    answer = await page.evaluate(
        """async () => {
          const pack = await window.memlace.retrieve('Where does Ana live?');
          const pieces = [];
          const text = await window.memlace.chat([{role: 'user', content: 'Where does Ana live?'}], {context: pack.text, onDelta: (d) => pieces.push(d)});
          return {text, pieces: pieces.length, context: pack.text};
        }"""
    )
    assert answer["pieces"] > 1 and answer["text"].endswith("You said: Where does Ana live?")
    assert "Lisbon" in answer["context"]
    assert page.errors == []


async def test_offline_site_says_offline(context, origin) -> None:  # type: ignore[no-untyped-def]
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = await open_app(context, origin, "/?profile=offline-mode")
    status = await page.evaluate(WAIT_FOR_MODELS)
    assert status["mode"] == "offline"
    # One look at /api/health showed no model: the provider stack (httpx) is never downloaded.
    assert any(url.endswith("/api/health") for url in requested)
    assert not [url for url in requested if "/wheels/httpx-" in url or "/wheels/anyio-" in url]
    error = await page.evaluate("() => window.memlace.chat([{role: 'user', content: 'hi'}]).then(() => null, (e) => e.code)")
    assert error == "not_configured"


async def test_remote_embeddings_in_the_browser(context, model_server, upstream) -> None:  # type: ignore[no-untyped-def]
    upstream.reset()
    page = await open_app(context, model_server.url, "/?profile=remote-embeddings&embeddings=remote")
    assert (await page.evaluate(WAIT_FOR_MODELS))["mode"] == "model"
    await page.evaluate(
        """() => window.memlace.ingest([
          {text: 'I keep bees in the garden', speaker: 'Ana', chat_id: 'c', message_id: 'm1'},
          {text: 'My brother plays the cello', speaker: 'Ana', chat_id: 'c', message_id: 'm2'}])"""
    )
    stats = await page.evaluate("() => window.memlace.stats()")
    assert stats["embedding_model"] == "remote:openai:fake-embed" and stats["pending"]["pending_embedding"] == 0
    pack = await page.evaluate("() => window.memlace.retrieve('I keep bees in the garden', {track: false})")
    assert "vector" in pack["items"][0]["reason"]["sources"]
    assert "/v1/embeddings" in [r["path"] for r in upstream.requests()]


async def test_a_tab_joining_a_failed_leader_hears_why(browser, origin) -> None:  # type: ignore[no-untyped-def]
    """The leading tab's memory could not boot: a second tab of the profile gets that error at once (it
    used to wait at "starting" forever), and its calls are refused rather than left pending."""
    from tests.e2e.conftest import BOOT_TIMEOUT_MS, recorded_context

    async with recorded_context(browser) as context:
        await context.route("**/pyodide.asm.wasm", lambda route: route.abort())
        first = await context.new_page()
        await first.goto(origin + "/?profile=doomed")
        await first.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert await first.evaluate("document.body.dataset.ready") == "failed"
        # the failed fetch itself fails the boot (Pyodide may leave its loader pending forever after one)
        assert "pyodide.asm.wasm" in (await first.text_content("#memory-status") or "")
        second = await context.new_page()
        await second.goto(origin + "/?profile=doomed")
        await second.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        assert await second.evaluate("document.body.dataset.ready") == "failed"
        assert await second.evaluate("window.memlace.leader") is False
        refused = await second.evaluate("() => window.memlace.stats().then(() => 'ok', (e) => e.code)")
        assert refused == "boot_failed"


async def test_a_call_handed_over_when_the_leader_closes_is_stored_once(context, origin) -> None:  # type: ignore[no-untyped-def]
    """A follower's ingest in flight when the leading tab closes is sent again to the new leader: the id the
    JS API gives every message makes that second delivery a duplicate, not a second copy."""
    for attempt in range(3):
        profile = f"handover-{attempt}"
        leader = await open_app(context, origin, f"/?profile={profile}")
        follower = await open_app(context, origin, f"/?profile={profile}")
        assert await follower.evaluate("window.memlace.leader") is False
        await follower.evaluate("() => { window.sent = window.memlace.ingest({text: 'I keep bees in my garden.'}); }")
        await leader.close()
        await follower.evaluate("() => window.sent")
        stats = await follower.evaluate("() => window.memlace.stats()")
        assert stats["episodes"] == 1, f"attempt {attempt}: {stats['episodes']} copies"
        await follower.close()


async def test_calls_that_cannot_be_sent_are_refused_not_left_pending(context, origin) -> None:  # type: ignore[no-untyped-def]
    page = await open_app(context, origin, "/?profile=clone")
    outcomes = await page.evaluate(
        """async () => {
          const settle = (p) => Promise.race([p.then(() => 'ok', (e) => e.code), new Promise((r) => setTimeout(() => r('hang'), 15000))]);
          return [
            await settle(window.memlace.call('retrieve', {query: () => 1})),
            await settle(window.memlace.ingest({text: 'I like tea.', timestamp: NaN})),
            await settle(window.memlace.call('stats', {timeline: 10n})),
            await settle(window.memlace.ingest({text: 'I like tea.', timestamp: Date.now()})),
          ];
        }"""
    )
    assert outcomes == ["invalid_input", "invalid_input", "invalid_input", "ok"]


async def test_odd_text_and_times_never_stop_a_profile_from_opening(context, origin) -> None:  # type: ignore[no-untyped-def]
    """What slicing an emoji leaves (a lone surrogate), a Date.now() time and a NaN time: the first two are
    stored (repaired, converted), the last refused; the profile opens again after a reload and exports."""
    page = await open_app(context, origin, "/?profile=odd")
    outcomes = await page.evaluate(
        """async () => [
          await window.memlace.ingest({text: 'I love tea \\ud800', message_id: 'a', timestamp: Date.now()}).then(() => 'ok', (e) => e.code),
          await window.memlace.ingest({text: 'I love jam', message_id: 'b', timestamp: NaN}).then(() => 'ok', (e) => e.code),
          await window.memlace.ingest({text: '\\ud83d', speaker: 'Ana\\udc00', message_id: 'c'}).then(() => 'ok', (e) => e.code),
        ]"""
    )
    assert outcomes == ["ok", "invalid_input", "ok"]
    await page.reload()
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
    assert await page.evaluate("document.body.dataset.ready") == "true"
    exported = await page.evaluate("() => window.memlace.export()")
    texts = sorted(e["text"] for e in exported["episodes"])
    assert texts == ["I love tea \ufffd", "\ufffd"] and 1.6e9 < exported["episodes"][0]["timestamp"] < 4e9


async def test_a_profile_of_100k_memories_with_vectors_opens_and_answers(context, origin) -> None:  # type: ignore[no-untyped-def]
    """A large profile must open: handing 100k vectors to the JS index in one call corrupted the id list, and
    the profile could not load. Written in one batch by the test-only populate call, then opened by a reload."""
    page = await open_app(context, origin, "/?profile=hundred-thousand")
    await page.evaluate("() => window.memlace.modelReady")
    populated = await page.evaluate("() => window.memlace.call('bench_populate', {n: 100000, queries: 3})")
    assert populated["memories"] == 100_000
    await page.reload()
    await page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    assert await page.evaluate("document.body.dataset.ready") == "true"
    await page.evaluate("() => window.memlace.modelReady")
    stats = await page.evaluate("() => window.memlace.stats()")
    assert stats["memories"] == 100_000 and stats["pending"]["pending_embedding"] == 0  # every vector came back
    # A ranking (a limit above the pack size bypasses the relevance bar, which random vectors never clear).
    pack = await page.evaluate("(q) => window.memlace.retrieve(q, {track: false, limit: 20})", populated["queries"][0])
    assert len(pack["items"]) == 20
    assert not page.errors
