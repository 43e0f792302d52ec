// fatebox serve's page and overlay: the latest result as the ring showed it,
// the session below, live from /events (docs/serve.md). Text goes in as text.
(function () {
  "use strict";
  var token = new URLSearchParams(location.search).get("token");
  var q = token ? "?token=" + encodeURIComponent(token) : "";
  var overlay = document.body.classList.contains("overlay");
  var latest = document.getElementById("latest");
  var list = document.getElementById("session");
  var who = document.getElementById("who");
  var status = document.getElementById("status");
  var shown = {};
  var characters = [];
  var lastName = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function items(result, mini) {
    var box = el("div", "items");
    (result.items || []).forEach(function (it) {
      var d = el("span", "item " + it.kind + (it.kept ? "" : " dropped") + (mini ? " mini" : ""),
                 it.kind === "die" ? it.label : "");
      d.style.background = it.colour;
      d.setAttribute("data-colour", it.colour);
      d.title = it.label;
      box.appendChild(d);
    });
    return box;
  }

  function ring(pattern) {
    // The outcome's pattern on twelve pixels: solid, every other, every third, one half.
    var r = el("div", "ring" + (pattern && pattern.blinks ? " blinks" : ""));
    for (var i = 0; i < 12; i++) {
      var p = el("span");
      var on = false;
      if (pattern) {
        if (pattern.shape === "solid") on = true;
        else if (pattern.shape === "alternate") on = i % 2 === 0;
        else if (pattern.shape === "thirds") on = i % 3 === 0;
        else if (pattern.shape === "half") on = i < 6;
        if (on) p.style.background = pattern.colour;
      }
      r.appendChild(p);
    }
    r.setAttribute("data-shape", pattern ? pattern.shape : "none");
    return r;
  }

  function percent(odds) {
    // As serve wrote it, so the page, the feed and Discord round alike.
    if (!odds || odds.chance === null || odds.chance === undefined) return null;
    return odds.percent;
  }

  function sentence(result) {
    // What was drawn or rolled and the outcome, as `fatebox roll` and `history`
    // say it: serve's words without the name the line above gives.
    var who = (result.character || "Nobody") + ": ";
    var words = result.words || "";
    return words.indexOf(who) === 0 ? words.slice(who.length) : words;
  }

  function setupText(result) {
    // The set-up in its system's words, as `fatebox odds` says it; never its raw values.
    return result.odds && result.odds.setup ? result.odds.setup : "";
  }

  function showLatest(result) {
    latest.textContent = "";
    latest.setAttribute("data-seq", result.seq);
    latest.setAttribute("data-system", result.system);
    latest.setAttribute("data-outcome", result.outcome || "");
    var line = el("p", "who-line");
    line.appendChild(el("bdi", "name", result.character || "Nobody"));     // a name in any script, isolated
    line.appendChild(document.createTextNode(" \u00b7 " + result.system_name));
    latest.appendChild(line);
    var o = el("p", "outcome", result.outcome_words);
    if (result.pattern) o.style.color = result.pattern.colour;
    latest.appendChild(o);
    latest.appendChild(el("p", "said", sentence(result)));
    latest.appendChild(ring(result.pattern));
    latest.appendChild(items(result, false));
    var s = setupText(result);
    if (s) latest.appendChild(el("p", "setup", s));
    var pc = percent(result.odds);
    if (pc) {
      var od = el("p", "odds");
      od.appendChild(document.createTextNode("Chance of " + (result.odds.of || "this outcome") + ": "));
      od.appendChild(el("strong", "chance", pc));
      latest.appendChild(od);
    }
    lastName = result.character;
    showWho(lastName);
  }

  function showWho(name) {
    // The character as `fatebox list` says it (serve adds `words` to the box's
    // summary): its system, archetype, state and trials, never the raw values.
    if (!who) return;
    who.textContent = "";
    if (!name) return;
    var found = characters.filter(function (c) { return c.name === name; })[0];
    if (!found) return;
    var h = el("h2");
    h.appendChild(el("bdi", null, name));
    who.appendChild(h);
    var w = found.words || {};
    var about = [w.system, w.archetype, w.trials].filter(function (t) { return t; });
    if (about.length) who.appendChild(el("p", "about", about.join(" \u00b7 ")));
    if (w.state) who.appendChild(el("p", "state", w.state));
  }

  function addToList(result) {
    if (!list) return;
    var li = el("li");
    li.setAttribute("data-seq", result.seq);
    li.appendChild(el("span", "seq", "#" + result.seq));
    li.appendChild(el("bdi", "name", result.character || "Nobody"));
    li.appendChild(el("span", "what", result.outcome_words));
    li.appendChild(items(result, true));
    var pc = percent(result.odds);
    if (pc) li.appendChild(el("span", "pc", pc));
    list.insertBefore(li, list.firstChild);
    while (list.children.length > 200) list.removeChild(list.lastChild);
  }

  function take(result) {
    var key = result.board_id + ":" + result.seq;
    if (shown[key]) return;
    shown[key] = true;
    showLatest(result);
    addToList(result);
    window.fateboxLast = result;
    document.dispatchEvent(new CustomEvent("fatebox-result", { detail: result }));
  }

  function connect() {
    var source = new EventSource("events" + q);
    source.onopen = function () {
      document.body.setAttribute("data-live", "1");
      if (status) status.textContent = "live";
    };
    source.onerror = function () {
      document.body.setAttribute("data-live", "0");
      if (status) status.textContent = "reconnecting…";
    };
    source.addEventListener("result", function (e) { take(JSON.parse(e.data)); });
    source.addEventListener("characters", function (e) {
      characters = JSON.parse(e.data);
      showWho(lastName);      // the state after the result, as the box now holds it
    });
  }

  fetch("session" + q).then(function (r) { return r.json(); }).then(function (s) {
    characters = s.characters || [];
    (s.results || []).forEach(take);
    connect();
  }).catch(connect);
})();
