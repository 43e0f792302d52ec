// A stand-in for fatebox serve's /vtt WebSocket (docs/vtt.md), for the
// integrations' tests: the token checked, each message kept, answers scripted.
// Imported (startServe) by the Node tests; run as a program by the browser's:
//   node serve.mjs --token T   prints {"port": N}, then each connection's Origin as
//   {"origin": ...} and each message a client sends as {"got": ...}; reads lines
//   {"send": msg} (to every client) or {"close": true}.

import http from "node:http";
import readline from "node:readline";
import {WebSocketServer} from "ws";

export async function startServe({token = "sesame", answer = null, port = 0} = {}) {
  // answer(msg, reply): called for each roll-request; reply(obj) sends to that client.
  const server = http.createServer((req, res) => { res.writeHead(404); res.end(); });
  const wss = new WebSocketServer({noServer: true});
  const received = [];
  const listeners = new Set();
  const clients = new Set();
  const origins = [];
  const opened = new Set();
  let refused = 0;
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (url.pathname !== "/vtt" || url.searchParams.get("token") !== token) {
      refused += 1;
      socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      origins.push(req.headers.origin ?? null);
      for (const o of [...opened]) o(req.headers.origin ?? null);
      ws.on("close", () => clients.delete(ws));
      ws.on("message", (data) => {
        let msg;
        try { msg = JSON.parse(String(data)); } catch { msg = {unparsed: String(data)}; }
        received.push(msg);
        for (const l of [...listeners]) l(msg);
        if (answer && msg.type === "roll-request") answer(msg, (obj) => ws.send(JSON.stringify(obj)));
      });
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = server.address().port;
  return {
    port: bound,
    url: "ws://127.0.0.1:" + bound + "/vtt",
    received,
    clients,
    origins,
    onOpen(fn) { opened.add(fn); },
    get refused() { return refused; },
    setAnswer(fn) { answer = fn; },
    sendAll(obj) { for (const ws of clients) ws.send(JSON.stringify(obj)); },
    next(predicate = () => true) {
      // The next message a client sends that fits (or one already kept).
      const kept = received.find(predicate);
      if (kept) return Promise.resolve(kept);
      return new Promise((resolve) => {
        const l = (msg) => { if (predicate(msg)) { listeners.delete(l); resolve(msg); } };
        listeners.add(l);
      });
    },
    listen(fn) { listeners.add(fn); },
    dropClients() { for (const ws of clients) ws.terminate(); },
    async close() {
      for (const ws of clients) ws.terminate();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections?.();
    },
  };
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--token");
  const serve = await startServe({token: at >= 0 ? args[at + 1] : "sesame"});
  const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
  out({port: serve.port});
  serve.onOpen((origin) => out({origin}));
  serve.listen((msg) => out({got: msg}));
  const lines = readline.createInterface({input: process.stdin});
  lines.on("line", (line) => {
    const cmd = JSON.parse(line);
    if (cmd.send) serve.sendAll(cmd.send);
    if (cmd.close) serve.dropClients();
  });
  lines.on("close", () => process.exit(0));
}

if (import.meta.url === "file://" + process.argv[1]) main();
