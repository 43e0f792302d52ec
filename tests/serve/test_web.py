# fatebox serve's web server in-process (httpx's ASGI transport, as Datasette's
# tests do): only its own address, read-only, a token off the loopback, CORS
# only on the JSON endpoints, no path out, and /events that a slow client
# cannot hold up.
import asyncio
import json

import httpx
import jsonschema
import pytest

from fatebox.serve import shape
from fatebox.serve.web import CLIENT_QUEUE, Hub, make_app


def result(seq, name="Mara"):
    return shape.result("rp2-0011223344556677", seq, "new-beginning", name,
                        {"outcome": "partial-success", "tokens": "wwb", "white": 3, "black": 2},
                        {"white": 3, "black": 2, "draw": 3, "statuses": []}, "2026-11-24T20:00:00+00:00")


def app(host="127.0.0.1", port=8766, token=None, hub=None):
    hub = hub or Hub()
    stored = [result(s) for s in range(1, 8)]

    def results_after(after, limit):
        return [r for r in stored if r["seq"] > after][:limit]
    return make_app(hub, results_after, host, port, token), hub


def client(asgi, host="127.0.0.1:8766"):
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=asgi), base_url="http://%s" % host)


def go(coro):
    return asyncio.run(coro)


def test_the_page_overlay_and_json_answer_on_the_listening_address():
    async def body():
        asgi, hub = app()
        hub.publish(result(1))
        async with client(asgi) as c:
            page = await c.get("/")
            assert page.status_code == 200 and "text/html" in page.headers["content-type"]
            assert "app.js" in page.text and "access-control-allow-origin" not in page.headers
            overlay = await c.get("/overlay")
            assert overlay.status_code == 200 and 'class="overlay"' in overlay.text
            found = await c.get("/results", params={"after": 4})
            assert found.status_code == 200 and found.headers["access-control-allow-origin"] == "*"
            data = found.json()
            assert [r["seq"] for r in data["results"]] == [5, 6, 7] and data["more"] is False
            for r in data["results"]:
                jsonschema.validate(r, shape.schema())
            bad = await c.get("/results", params={"after": "x"})
            assert bad.status_code == 400
            chars = await c.get("/characters")
            assert chars.status_code == 200 and chars.json() == {"characters": []}
            assert chars.headers["access-control-allow-origin"] == "*"
    go(body())


@pytest.mark.parametrize("host", ["evil.example:8766", "127.0.0.1:9999", "localhost.evil.example:8766", ""])
def test_a_host_header_not_the_listening_address_is_refused(host):
    async def body():
        asgi, _ = app()
        async with client(asgi) as c:
            reply = await c.get("/results", headers={"Host": host})
            assert reply.status_code == 421
            assert "evil" not in reply.text or host.startswith("evil")
    go(body())


def test_on_every_address_a_host_header_with_another_port_is_refused():
    # A 0.0.0.0 listener takes any of this machine's addresses, with its own port only.
    async def body():
        asgi, _ = app(host="0.0.0.0", port=8766, token="s3cret-token")
        for host in ("192.168.1.20:8767", "192.168.1.20:876", "localhost:9999", "[::1]:80", "192.168.1.20"):
            async with client(asgi, "192.168.1.20:8766") as c:
                reply = await c.get("/results", params={"token": "s3cret-token"}, headers={"Host": host})
                assert reply.status_code == 421, host
        async with client(asgi, "192.168.1.20:8766") as c:
            assert (await c.get("/results", params={"token": "s3cret-token"})).status_code == 200
    go(body())

def test_localhost_names_the_loopback_too():
    async def body():
        asgi, _ = app()
        async with client(asgi, "localhost:8766") as c:
            assert (await c.get("/characters")).status_code == 200
    go(body())


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_nothing_can_be_changed_over_http(method):
    async def body():
        asgi, _ = app()
        async with client(asgi) as c:
            for path in ("/", "/results", "/characters", "/events"):
                reply = await c.request(method, path)
                assert reply.status_code == 405, (method, path)
    go(body())


@pytest.mark.parametrize("path", ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/serve/", "/result.schema.json",
                                  "/box.py", "/page.html", "/static/", "/app.js/..%2f..%2frun.py"])
def test_no_directory_listing_and_no_path_out(path):
    async def body():
        asgi, _ = app()
        async with client(asgi) as c:
            reply = await c.get(path)
            assert reply.status_code == 404, (path, reply.status_code)
            assert "import" not in reply.text and "root:" not in reply.text
    go(body())


def test_off_the_loopback_a_token_is_needed_compared_in_constant_time():
    async def body():
        asgi, _ = app(host="0.0.0.0", token="s3cret-token")
        async with client(asgi, "192.168.1.20:8766") as c:
            for path in ("/", "/overlay", "/results", "/characters", "/events", "/session"):
                assert (await c.get(path)).status_code == 401, path
            assert (await c.get("/results", params={"token": "s3cret-tokem"})).status_code == 401
            assert (await c.get("/results", params={"token": "s3cret-token"})).status_code == 200
            bearer = await c.get("/characters", headers={"Authorization": "Bearer s3cret-token"})
            assert bearer.status_code == 200
        # A name (a rebinding page's) is refused even with the token.
        async with client(asgi, "fatebox.evil.example:8766") as c:
            assert (await c.get("/results", params={"token": "s3cret-token"})).status_code == 421
    go(body())


def test_the_token_is_compared_exactly_case_included():
    async def body():
        asgi, _ = app(host="0.0.0.0", token="S3cret-Token")
        async with client(asgi, "192.168.1.20:8766") as c:
            for given in ("s3cret-token", "S3CRET-TOKEN", "S3cret-Token ", "S3cret-Toke", "S3cret-Tokenn"):
                assert (await c.get("/results", params={"token": given})).status_code == 401, given
                bearer = await c.get("/results", headers={"Authorization": "Bearer " + given.strip() + "x"})
                assert bearer.status_code == 401, given
            assert (await c.get("/results", params={"token": "S3cret-Token"})).status_code == 200
            bearer = await c.get("/results", headers={"Authorization": "Bearer S3cret-Token"})
            assert bearer.status_code == 200
    go(body())

def test_cors_only_on_the_json_endpoints_and_only_get():
    async def body():
        asgi, _ = app()
        async with client(asgi) as c:
            pre = await c.options("/results", headers={"Origin": "https://foundry.example",
                                                        "Access-Control-Request-Method": "GET"})
            assert pre.status_code == 204 and pre.headers["access-control-allow-methods"] == "GET"
            assert (await c.options("/")).status_code == 405
            page = await c.get("/overlay")
            assert "access-control-allow-origin" not in page.headers
    go(body())


def test_cors_headers_on_events_results_and_characters_only():
    # /events streams for ever: its preflight stands for it (the same check).
    async def body():
        asgi, _ = app()
        async with client(asgi) as c:
            for path in ("/events", "/results", "/characters"):
                pre = await c.options(path, headers={"Origin": "https://foundry.example",
                                                     "Access-Control-Request-Method": "GET"})
                assert pre.status_code == 204 and pre.headers["access-control-allow-origin"] == "*", path
            for path in ("/results", "/characters"):
                assert (await c.get(path)).headers["access-control-allow-origin"] == "*", path
            for path in ("/session", "/", "/overlay", "/app.js", "/nothing-here", "/results/", "/events/x"):
                reply = await c.get(path)
                assert reply.status_code in (200, 307, 404), (path, reply.status_code)
                assert not [k for k in reply.headers if k.startswith("access-control-")], (path, reply.headers)
                pre = await c.options(path, headers={"Origin": "https://foundry.example",
                                                     "Access-Control-Request-Method": "GET"})
                assert pre.status_code == 405 and "access-control-allow-origin" not in pre.headers, path
    go(body())

def test_a_client_that_never_reads_is_dropped_and_the_others_keep_receiving():
    async def body():
        hub = Hub()
        reader = hub.subscribe()
        stuck = hub.subscribe()          # never reads: its queue only fills
        got = []
        for seq in range(1, CLIENT_QUEUE + 6):
            hub.publish(result(seq))
            got.append(json.loads(reader.get_nowait().split("data: ", 1)[1])["seq"])
        assert got == list(range(1, CLIENT_QUEUE + 6))
        assert stuck not in hub.clients and stuck.overflowed and hub.dropped == 1
        assert stuck.qsize() == CLIENT_QUEUE       # bounded: nothing more was kept for it
        assert list(hub.results)[-1]["seq"] == CLIENT_QUEUE + 5
    go(body())


def test_events_stream_each_result_from_a_real_server():
    # ASGITransport buffers a whole body, so the stream is read from uvicorn itself.
    import socket
    import threading
    import uvicorn
    from fatebox.serve.run import _Server
    hub = Hub()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    asgi, _ = app(port=port, hub=hub)
    server = _Server(uvicorn.Config(asgi, log_level="critical", lifespan="off"))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(server.serve(sockets=[sock]),), daemon=True)
    thread.start()
    try:
        with httpx.Client(base_url="http://127.0.0.1:%d" % port, timeout=10) as c:
            for _ in range(200):
                try:
                    c.get("/characters")
                    break
                except httpx.TransportError:
                    threading.Event().wait(0.05)
            with c.stream("GET", "/events") as stream:
                assert stream.headers["content-type"].startswith("text/event-stream")
                lines = stream.iter_lines()
                assert next(lines).startswith(": fatebox serve")
                for seq in (1, 2, 3):
                    loop.call_soon_threadsafe(hub.publish, result(seq))
                got = []
                for line in lines:
                    if line.startswith("data: "):
                        data = json.loads(line[6:])
                        jsonschema.validate(data, shape.schema())
                        got.append(data["seq"])
                        if len(got) == 3:
                            break
                assert got == [1, 2, 3]
            # A page that reconnects says the last it saw, and is sent the rest first.
            with c.stream("GET", "/events", headers={"Last-Event-ID": "1"}) as stream:
                got = []
                for line in stream.iter_lines():
                    if line.startswith("id: "):
                        got.append(int(line[4:]))
                        if len(got) == 2:
                            break
                assert got == [2, 3]
    finally:
        server.should_exit = True
        thread.join(10)
