"""The site's sync server: the proxy function (in the Node dev server) makes one CouchDB database per account on
pouchdb-server with a real server admin, all over real HTTP on 127.0.0.1. Each account's database admits only
its own user; a wrong secret, an unknown account and bad input are refused; a deletion takes database and user;
a pairing slot is taken once."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memlace.couchserver import couch_server, request
from memlace.devserver import DevServer, dev_server

ADMIN = ("operator", "operator-secret")
JWT_SECRET = "a-long-random-secret-couchdb-also-holds"


def new_account() -> dict[str, str]:
    return {"account": secrets.token_hex(16), "secret": base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")}


def call(server: DevServer, route: str, body: Any = None) -> tuple[int, Any]:
    """(status, JSON answer) of one call to the proxy."""
    data = None if body is None else json.dumps(body).encode()
    sent = urllib.request.Request(
        f"{server.url}/api/{route}", data=data, method="GET" if body is None else "POST", headers={"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(sent, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def couch_status(url: str, auth: tuple[str, str] | None = None) -> int:
    try:
        request(url, auth=auth)
        return 200
    except urllib.error.HTTPError as refused:
        return refused.code


@pytest.fixture(scope="module")
def couch() -> Iterator[str]:
    with couch_server(admin=ADMIN) as url:
        yield url


@pytest.fixture(scope="module")
def server(couch: str, site: Path) -> Iterator[DevServer]:
    with dev_server(site, {"MEMLACE_COUCHDB_URL": couch, "MEMLACE_COUCHDB_ADMIN": ":".join(ADMIN)}) as running:
        yield running


def test_an_account_gets_a_database_only_it_can_read(server: DevServer, couch: str) -> None:
    health = call(server, "health")[1]
    assert health["sync"] == {"configured": True, "auth": "password"}
    account = new_account()
    status, opened = call(server, "sync/open", {**account, "create": True})
    assert status == 200, opened
    name = f"memlace-{account['account']}"
    assert opened == {"url": f"{couch}/{name}", "username": name, "auth": "password"}
    security = request(f"{couch}/{name}/_security", auth=ADMIN)
    assert security["members"]["names"] == [name] and security["admins"]["names"] == [name]
    # The account's user reads and writes its database; nobody else does.
    assert couch_status(opened["url"], (name, account["secret"])) == 200
    request(f"{opened['url']}/doc", "PUT", {"ct": "sealed"}, auth=(name, account["secret"]))
    assert couch_status(opened["url"]) == 401
    assert couch_status(opened["url"], (name, new_account()["secret"])) == 401
    other = new_account()
    assert call(server, "sync/open", {**other, "create": True})[0] == 200
    assert couch_status(opened["url"], (f"memlace-{other['account']}", other["secret"])) == 401
    # Opening again (a second device joining) finds the same database and keeps what it holds.
    assert call(server, "sync/open", {**account, "create": False}) == (200, opened)
    assert call(server, "sync/open", {**account, "create": True}) == (200, opened)
    assert request(opened["url"], auth=ADMIN)["doc_count"] == 1


def test_wrong_secrets_unknown_accounts_and_bad_input_are_refused(server: DevServer) -> None:
    account = new_account()
    assert call(server, "sync/open", {**account, "create": True})[0] == 200
    status, refused = call(server, "sync/open", {"account": account["account"], "secret": new_account()["secret"], "create": False})
    assert (status, refused["error"]["code"]) == (403, "wrong_secret")
    status, refused = call(server, "sync/open", {**new_account(), "create": False})
    assert (status, refused["error"]["code"]) == (404, "no_account")
    assert "no memory made with that recovery phrase" in refused["error"]["message"]
    for bad in (
        {"account": "../_users", "secret": account["secret"]},
        {"account": account["account"].upper(), "secret": account["secret"]},
        {"account": account["account"], "secret": "short"},
        {"account": account["account"], "secret": account["secret"], "create": "yes"},
        {"account": 7, "secret": None},
    ):
        status, refused = call(server, "sync/open", bad)
        assert (status, refused["error"]["code"]) == (400, "invalid_request"), bad
    status, refused = call(server, "sync/delete", {"account": account["account"], "secret": new_account()["secret"]})
    assert (status, refused["error"]["code"]) == (403, "wrong_secret")


def test_deleting_an_account_takes_its_database_and_user(server: DevServer, couch: str) -> None:
    account = new_account()
    opened = call(server, "sync/open", {**account, "create": True})[1]
    assert call(server, "sync/delete", account) == (200, {"deleted": True})
    assert couch_status(opened["url"], ADMIN) == 404
    assert couch_status(f"{couch}/_users/org.couchdb.user:{opened['username']}", ADMIN) == 404
    assert call(server, "sync/open", {**account, "create": False})[1]["error"]["code"] == "no_account"
    assert call(server, "sync/delete", account)[0] == 404


def test_without_a_couchdb_the_site_offers_no_sync_server(site: Path) -> None:
    with dev_server(site) as offline:
        assert call(offline, "health")[1]["sync"] == {"configured": False, "auth": None}
        status, refused = call(offline, "sync/open", {**new_account(), "create": True})
        assert (status, refused["error"]["code"]) == (503, "not_configured")
        status, refused = call(offline, "sync/pair/take", {"slot": secrets.token_hex(32)})
        assert (status, refused["error"]["code"]) == (503, "not_configured")


def test_with_a_jwt_secret_the_site_hands_out_short_lived_tokens(couch: str, site: Path) -> None:
    env = {
        "MEMLACE_COUCHDB_URL": couch,
        "MEMLACE_COUCHDB_ADMIN": ":".join(ADMIN),
        "MEMLACE_COUCHDB_JWT_SECRET": JWT_SECRET,
        "MEMLACE_COUCHDB_TOKEN_MINUTES": "15",
    }
    with dev_server(site, env) as server:
        assert call(server, "health")[1]["sync"]["auth"] == "token"
        account = new_account()
        status, opened = call(server, "sync/open", {**account, "create": True})
        assert status == 200 and opened["auth"] == "token", opened
        header, claims, signature = opened["token"].split(".")
        unpad = lambda part: base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))  # noqa: E731
        expected = hmac.new(JWT_SECRET.encode(), f"{header}.{claims}".encode(), hashlib.sha256).digest()
        assert hmac.compare_digest(unpad(signature), expected)  # signed with the key CouchDB checks
        assert json.loads(unpad(header))["alg"] == "HS256"
        body = json.loads(unpad(claims))
        assert body["sub"] == opened["username"] and abs(body["exp"] - (time.time() + 15 * 60)) < 60
        assert opened["expires"] == body["exp"] * 1000


def test_a_misconfigured_sync_server_is_a_clear_error(site: Path) -> None:
    with dev_server(site, {"MEMLACE_COUCHDB_URL": "http://127.0.0.1:9", "MEMLACE_COUCHDB_ADMIN": "no-password"}) as server:
        status, refused = call(server, "health")
        assert (status, refused["error"]["code"]) == (500, "misconfigured")
        assert "MEMLACE_COUCHDB_ADMIN" in refused["error"]["message"]
    with dev_server(site, {"MEMLACE_COUCHDB_URL": "http://127.0.0.1:9", "MEMLACE_COUCHDB_ADMIN": ":".join(ADMIN)}) as server:
        status, refused = call(server, "sync/open", {**new_account(), "create": True})
        assert (status, refused["error"]["code"]) == (502, "sync_server_unreachable")


def test_a_pairing_slot_is_taken_once_and_kept_from_everyone_else(server: DevServer, couch: str) -> None:
    slot, sealed = secrets.token_hex(32), base64.b64encode(secrets.token_bytes(200)).decode()
    status, kept = call(server, "sync/pair", {"slot": slot, "sealed": sealed})
    assert status == 200 and abs(kept["expires"] / 1000 - (time.time() + 600)) < 60, kept
    status, refused = call(server, "sync/pair", {"slot": slot, "sealed": sealed})
    assert (status, refused["error"]["code"]) == (409, "slot_taken")
    assert couch_status(f"{couch}/memlace_pairing/{slot}") == 401  # the slots are the admin's alone
    account = new_account()
    opened = call(server, "sync/open", {**account, "create": True})[1]
    assert couch_status(f"{couch}/memlace_pairing/{slot}", (opened["username"], account["secret"])) == 401
    assert call(server, "sync/pair/take", {"slot": slot}) == (200, {"sealed": sealed})
    status, refused = call(server, "sync/pair/take", {"slot": slot})  # once only
    assert (status, refused["error"]["code"]) == (404, "no_pairing")
    assert "mistyped, used already or more than ten minutes old" in refused["error"]["message"]
    for bad in (
        {"slot": "ABC", "sealed": sealed},
        {"slot": secrets.token_hex(32), "sealed": "x" * 9000},
        {"slot": secrets.token_hex(32), "sealed": "<b>"},
    ):
        status, refused = call(server, "sync/pair", bad)
        assert (status, refused["error"]["code"]) == (400, "invalid_request"), bad
    assert call(server, "sync/pair/take", {"slot": "../_users"})[0] == 400


def test_slots_nobody_took_are_cleared_as_new_ones_are_made(server: DevServer, couch: str) -> None:
    call(server, "sync/pair", {"slot": secrets.token_hex(32), "sealed": "AAAA"})  # the database exists
    stale = [secrets.token_hex(32) for _ in range(3)]
    for slot in stale:  # left ten minutes ago
        request(f"{couch}/memlace_pairing/{slot}", "PUT", {"sealed": "AAAA", "expires": int(time.time() * 1000) - 1}, auth=ADMIN)
    fresh = secrets.token_hex(32)
    assert call(server, "sync/pair", {"slot": fresh, "sealed": "AAAA"})[0] == 200
    for slot in stale:
        assert couch_status(f"{couch}/memlace_pairing/{slot}", ADMIN) == 404
    assert couch_status(f"{couch}/memlace_pairing/{fresh}", ADMIN) == 200
