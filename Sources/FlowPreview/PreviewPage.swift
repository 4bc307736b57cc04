import FlowKit
import Foundation

/// The preview page (`GET /`): controls for the park, flow, arguments, position, time,
/// camera heading and frame size beside the phone frame, which it fills from
/// `/parks/{code}/flows/{flow}/frame`. A little plain JavaScript follows `go` actions (with
/// a history for Back; one with a `park` switches the park), performs an `act` action once
/// (a POST of the frame: the server writes its visitor's store and answers the screen the act
/// returns; the page then names that flow and its args, so Back, a reload or a save run views
/// only, never the act again), says what the app would do for a web address, a phone number or
/// directions, and re-fetches the frame on each `change` from `/events`, keeping the
/// controls as they are.
/// The address always names the run shown (`?park=GOGA&flow=sites&arg.id=...`), so it can
/// be linked to: the page opens on it.
/// Live, the page is a phone that moves: Play opens the server's live session "phone" on the
/// park with the GPX track (or party file, or scan log) of the track field and plays it at
/// the speed asked for; Join runs this page's screen in that session too. The frame then
/// follows the session's screen updates (`/sessions/phone/events`), actions are performed
/// in the session (an act in one tab updates the screens of another that show what it
/// changed), and the session's events show under the controls.
enum PreviewPage {
    /// The page, with `park` chosen first when given and `frame` (its home) already in place;
    /// its acts carry `actToken`, the server's secret (``ActToken``).
    static func html(park: String?, frame: String, actToken: String) -> String {
        let initial = PreviewErrorPanel.escape(park ?? "")
        return head + "<body data-park=\"\(initial)\" data-act=\"\(PreviewErrorPanel.escape(actToken))\">\n"
            + body.replacingOccurrences(of: "<div id=\"frame\"></div>", with: "<div id=\"frame\">\n\(frame)</div>")
            + "<script>\n" + script + "</script>\n</body>\n</html>\n"
    }

    private static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>flowrun preview</title>
        <style>
        * { box-sizing: border-box; }
        html { scrollbar-gutter: stable; }  /* the phone stays put whether or not the page scrolls */
        body { margin: 0; padding: 24px; background: #2B302D; }
        .preview { display: flex; gap: 28px; align-items: flex-start; justify-content: center; }
        .controls { width: 300px; flex: none; background: #F4F1E8; color: #1F2A24; border-radius: 16px; padding: 16px; font: 14px/1.4 -apple-system, "Segoe UI", Roboto, Arial, sans-serif; box-shadow: 0 10px 30px rgba(0, 0, 0, 0.35); position: sticky; top: 24px; }
        .controls h2 { margin: 0 0 2px; font-size: 17px; }
        .controls .sub { margin: 0 0 12px; color: #5D6B63; font-size: 12px; }
        .controls label { display: block; margin: 10px 0 3px; font-weight: 600; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: #5D6B63; }
        .controls input, .controls select, .controls textarea { width: 100%; padding: 7px 9px; border: 1px solid #CFC8B8; border-radius: 8px; background: #fff; font: inherit; }
        .controls label.check { display: flex; align-items: center; gap: 8px; }
        .controls label.check input { width: auto; margin: 0; }
        .controls textarea { height: 58px; resize: vertical; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        .controls .row { display: flex; gap: 8px; }
        .controls .row > div { flex: 1; }
        .controls .buttons { display: flex; gap: 8px; margin-top: 14px; }
        .controls button { flex: 1; padding: 8px; border: 0; border-radius: 8px; background: #2E5E4E; color: #fff; font: 600 14px inherit; cursor: pointer; }
        .controls button.secondary { background: #D9D4C7; color: #1F2A24; }
        .controls button:disabled { opacity: 0.45; cursor: default; }
        .status { margin-top: 12px; font-size: 12px; color: #5D6B63; min-height: 16px; }
        .status.live::before { content: "\\25CF "; color: #3A9E5C; }
        .notice { margin-top: 10px; padding: 8px 10px; border-radius: 8px; background: #FFF4D6; font-size: 13px; display: none; }
        .notice.shown { display: block; }
        #frame { flex: none; }
        #console .console { width: auto; margin: 12px 0 0; }
        #others { display: flex; gap: 28px; align-items: flex-start; flex-wrap: wrap; }
        #others:empty { display: none; }
        #others .other { flex: none; }
        #others .size-label { margin: 0 0 8px; color: #F4F1E8; font: 600 13px -apple-system, "Segoe UI", Roboto, Arial, sans-serif; text-align: center; }
        .chips { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 6px; }
        .chips button { flex: none; padding: 2px 8px; border-radius: 999px; background: #D9D4C7; color: #1F2A24; font: 12px inherit; }
        .chips button.current { background: #2E5E4E; color: #fff; }
        #catalog { display: inline-block; margin-top: 6px; font-size: 12px; color: #2E5E4E; }
        </style>
        </head>

        """

    private static let body = """
        <div class="preview">
        <form class="controls" id="controls" autocomplete="off" aria-label="Preview controls">
        <h2>flowrun preview</h2>
        <p class="sub">Edit a file under flows/ or parks/ and this page follows.</p>
        <label for="park">Park</label>
        <select id="park" name="park"></select>
        <label for="flow">Flow</label>
        <input id="flow" name="flow" list="flows" value="home">
        <datalist id="flows"></datalist>
        <div class="chips" id="flowlist" role="group" aria-label="The park's flows"></div>
        <a id="catalog" href="/parks/GOGA/catalog/" target="_blank" rel="noopener">Every screen of this park</a>
        <label for="args">Arguments (key=value, one a line)</label>
        <textarea id="args" name="args" placeholder="category=viewpoint"></textarea>
        <label for="at">Position (lat,lon; or click on a map)</label>
        <input id="at" name="at" placeholder="37.8078,-122.4750">
        <label for="track">GPX track (path in the project)</label>
        <input id="track" name="track" placeholder="parks/GOGA/tracks/walk.gpx">
        <label for="time">Time (ISO 8601)</label>
        <input id="time" name="time" placeholder="2026-07-04T09:30:00-07:00">
        <div class="row">
        <div><label for="location">Location</label><select id="location" name="location">
        <option value="">found</option><option value="searching">searching</option><option value="searching-longer">searching longer</option><option value="denied">denied</option><option value="unavailable">unavailable</option><option value="timed-out">timed out</option><option value="idle">idle</option>
        </select></div>
        <div><label for="accuracy">Accuracy (m)</label><input id="accuracy" name="accuracy" placeholder="10"></div>
        </div>
        <label for="until">Moment of the track (s or ISO 8601)</label>
        <input id="until" name="until" placeholder="120">
        <label class="check" for="offline"><input type="checkbox" id="offline" name="offline"> Offline (no network)</label>
        <div class="row">
        <div><label for="zoom">Map zoom</label><input id="zoom" name="zoom" placeholder="0-30"></div>
        <div><label for="heading">Heading</label><input id="heading" name="heading" placeholder="0-360"></div>
        </div>
        <div class="row">
        <div><label for="pitch">AR pitch</label><input id="pitch" name="pitch" placeholder="-90-90"></div>
        <div><label for="fov">AR field of view</label><input id="fov" name="fov" placeholder="1-179"></div>
        </div>
        <div class="row">
        <div><label for="size">Size</label><select id="size" name="size">
        <option value="390x844">390×844</option><option value="375x667">375×667</option><option value="430x932">430×932</option><option value="360x800">360×800</option><option value="768x1024">768×1024</option>
        </select></div>
        <div><label class="check" for="compare"><input type="checkbox" id="compare" name="compare"> Every size</label></div>
        </div>
        <div class="buttons">
        <button type="button" class="secondary" id="back" disabled>Back</button>
        <button type="submit" id="run">Run</button>
        </div>
        <label for="speed">Live phone: play the track at (× real time), from (s or ISO 8601)</label>
        <div class="row">
        <div><input id="speed" name="speed" value="60"></div>
        <div><input id="playfrom" name="playfrom" placeholder="0" aria-label="Play from (s or ISO 8601)"></div>
        </div>
        <div class="buttons">
        <button type="button" id="play">Play</button>
        <button type="button" class="secondary" id="join">Join</button>
        <button type="button" class="secondary" id="stop" disabled>Stop</button>
        </div>
        <div class="status" id="events"></div>
        <div class="notice" id="notice" role="status"></div>
        <div class="status" id="status" role="status">Connecting…</div>
        <div id="console"></div>
        </form>
        <div id="frame"></div>
        <div id="others"></div>
        </div>

        """

    /// The camera's inputs (RunInputField.all), as the script's list of query keys.
    private static let viewKeys = RunInputField.all.filter(\.isView)
        .map { "\"\($0.name)\"" }.joined(separator: ", ")

    private static let script = """
        "use strict";
        const viewKeys = [\(viewKeys)];
        // The controls that are a query's key of the same name (the offline box is a flag).
        const textFields = ["at", "track", "time", "location", "accuracy", "until", "zoom", "heading", "pitch", "fov", "size"];
        const $ = (id) => document.getElementById(id);
        // An act carries the server's secret, which only its own page gets.
        const actHeaders = { "\(ActToken.header)": document.body.dataset.act };
        const trail = [];  // where Back returns: the screens before this one
        // Where a go action sets view keys (zoom, center) they ride along until the flow changes.
        let extraView = {};

        function query() {
          const q = new URLSearchParams();
          for (const key of textFields) {
            const value = $(key).value.trim();
            if (value) q.set(key, value);
          }
          if ($("offline").checked) q.set("offline", "1");
          for (const [key, value] of Object.entries(extraView)) if (!q.has(key)) q.set(key, value);
          for (const line of $("args").value.split("\\n")) {
            const eq = line.indexOf("=");
            if (eq > 0) q.set("arg." + line.slice(0, eq).trim(), line.slice(eq + 1).trim());
          }
          return q;
        }

        function base() {
          return "/parks/" + encodeURIComponent($("park").value) + "/flows/" + encodeURIComponent($("flow").value.trim() || "home");
        }

        // Where the visitor is in the screen: its scroll and which of its parts are open.
        function place() {
          const screen = $("frame").querySelector(".screen");
          return { top: screen ? screen.scrollTop : 0, open: [...$("frame").querySelectorAll("details")].map((d) => d.open) };
        }
        function keepPlace(kept) {
          const screen = $("frame").querySelector(".screen");
          if (screen) screen.scrollTop = kept.top;
          $("frame").querySelectorAll("details").forEach((d, i) => { if (i < kept.open.length) d.open = kept.open[i]; });
        }

        let requested = 0;  // the newest load asked for: an older answer that comes later is dropped
        // acting: perform the flow as an act run (a POST), once; every other load is a view run.
        // keeping: a save's reload of the same screen, which keeps the visitor's place in it.
        async function load(acting, keeping) {
          if (!$("park").value) return;
          const q = query();
          const mine = ++requested;
          // The address names this run, so it can be linked to or reloaded (fromAddress).
          const address = new URLSearchParams({ park: $("park").value, flow: $("flow").value.trim() || "home" });
          for (const [key, value] of q) address.append(key, value);
          history.replaceState(null, "", "?" + address.toString());
          try {
            const options = acting ? { method: "POST", headers: actHeaders, cache: "no-store" } : { cache: "no-store" };
            const response = await fetch(base() + "/frame?" + q.toString(), options);
            const text = await response.text();
            if (mine !== requested) return;
            const kept = keeping ? place() : null;
            $("frame").innerHTML = text;
            if (kept) keepPlace(kept);
            // The run's console goes under the controls; its style stays with the frame.
            $("console").replaceChildren(...$("frame").querySelectorAll(".console"));
            $("frame").dataset.status = String(response.status);
            $("frame").dataset.loads = String(Number($("frame").dataset.loads || 0) + 1);
            if (acting) $("frame").dataset.acts = String(Number($("frame").dataset.acts || 0) + 1);
          } catch (error) {
            $("status").textContent = "The server does not answer: " + error;
          }
          $("back").disabled = trail.length === 0;
          markFlow();
          loadOthers();
        }

        // Every size: the same run in each other size of the menu, side by side.
        let othersAsked = 0;
        async function loadOthers() {
          const mine = ++othersAsked;
          if (!$("compare").checked || live) { $("others").innerHTML = ""; return; }
          const q = query();
          const sizes = [...$("size").options].map((o) => o.value).filter((s) => s !== $("size").value);
          const frames = await Promise.all(sizes.map(async (size) => {
            q.set("size", size);
            try { return [size, await (await fetch(base() + "/frame?" + q.toString(), { cache: "no-store" })).text()]; }
            catch (error) { return [size, ""]; }
          }));
          if (mine !== othersAsked) return;
          $("others").innerHTML = "";
          for (const [size, text] of frames) {
            const other = document.createElement("div");
            other.className = "other";
            other.dataset.size = size;
            // A picture to compare, not a second screen to use: out of the focus order and
            // of what a screen reader reads (the frame beside the controls is the one to use).
            other.inert = true;
            other.innerHTML = '<p class="size-label"></p>' + text;
            other.querySelector(".size-label").textContent = size.replace("x", "×");
            for (const console of other.querySelectorAll(".console, .console-style")) console.remove();
            $("others").append(other);
          }
        }

        function markFlow() {
          for (const chip of $("flowlist").children) {
            const current = chip.dataset.flow === ($("flow").value.trim() || "home");
            chip.classList.toggle("current", current);
            chip.setAttribute("aria-pressed", String(current));
          }
        }

        // The controls from the page's address: `?park=GOGA&flow=sites&time=...&arg.id=...`.
        function fromAddress() {
          const q = new URLSearchParams(location.search);
          const fields = textFields;
          if (q.get("flow")) $("flow").value = q.get("flow");
          $("offline").checked = q.get("offline") === "1";
          for (const key of fields) {
            if (!q.has(key)) continue;
            if (key === "size" && ![...$("size").options].some((option) => option.value === q.get(key))) {
              const option = document.createElement("option");
              option.value = option.textContent = q.get(key);
              $("size").append(option);
            }
            $(key).value = q.get(key);
          }
          const args = [];
          extraView = {};
          for (const [key, value] of q) {
            if (key.startsWith("arg.")) args.push(key.slice(4) + "=" + value);
            else if (viewKeys.includes(key) && !fields.includes(key)) extraView[key] = value;
          }
          $("args").value = args.join("\\n");
        }

        function state() {
          return { park: $("park").value, flow: $("flow").value, args: $("args").value, view: Object.assign({}, extraView) };
        }

        // A go action to another park (or Back to one) switches the park, as the app does.
        function restore(saved) {
          if (saved.park && saved.park !== $("park").value) { $("park").value = saved.park; loadFlows(); }
          $("flow").value = saved.flow; $("args").value = saved.args; extraView = saved.view;
        }

        function notice(text) {
          $("notice").textContent = text;
          $("notice").classList.toggle("shown", Boolean(text));
        }

        // Web Mercator from a point of the map back to lat,lon: the inverse of the map's drawing
        // (SVGProjection: the box scaled uniformly to fit the map, and centred). The map is the
        // picture's inner svg.map-area, between its header and footer bands; its viewBox is the
        // map's size, so its screen matrix gives map points whatever the bands around it. A
        // click on a band is no position.
        function mapPosition(figure, event) {
          const svg = figure.querySelector("svg.map-area");
          if (!svg || !svg.getScreenCTM()) return null;
          const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
          const { width, height } = svg.viewBox.baseVal;
          if (point.x < 0 || point.y < 0 || point.x > width || point.y > height) return null;
          const [west, south, eastEdge, north] = figure.dataset.bbox.split(",").map(Number);
          const east = eastEdge < west ? eastEdge + 360 : eastEdge;
          const mx = (lon) => lon / 360 + 0.5;
          const my = (lat) => {
            const s = Math.sin(Math.min(Math.max(lat, -85.0511287798), 85.0511287798) * Math.PI / 180);
            return 0.5 - 0.25 * Math.log((1 + s) / (1 - s)) / Math.PI;
          };
          const x0 = mx(west), x1 = mx(east), y0 = my(north), y1 = my(south);
          const scale = Math.min(width / Math.max(x1 - x0, 1e-12), height / Math.max(y1 - y0, 1e-12));
          const originX = (x0 + x1) / 2 - width / 2 / scale, originY = (y0 + y1) / 2 - height / 2 / scale;
          const lon = ((((originX + point.x / scale - 0.5) * 360) + 540) % 360) - 180;
          const lat = 360 * Math.atan(Math.exp((0.5 - (originY + point.y / scale)) * 2 * Math.PI)) / Math.PI - 90;
          return lat.toFixed(5) + "," + lon.toFixed(5);
        }

        $("frame").addEventListener("click", (event) => {
          const link = event.target.closest("a[data-kind]");
          const map = event.target.closest("figure[data-bbox]");
          if (!link && map) {
            const position = mapPosition(map, event);
            if (position) { $("at").value = position; notice("Position set to " + position); load(); }
            return;
          }
          if (!link) return;
          event.preventDefault();
          const kind = link.dataset.kind;
          if (live && (kind === "go" || kind === "act") && link.dataset.action) { perform(link.dataset.action); return; }
          if (kind === "go" || kind === "act") {
            run(kind, link.dataset.park, link.dataset.flow, [...new URLSearchParams(link.dataset.args || "")]);
          } else if (kind === "url") {
            notice("The app opens " + link.getAttribute("href"));
          } else if (kind === "call") {
            notice("The app calls " + link.getAttribute("href").replace(/^tel:/, ""));
          } else if (kind === "directions") {
            notice("The app opens directions to " + link.dataset.directions);
          }
        });

        // A go or act: its flow's screen, the controls then naming its flow and args as a view.
        function run(kind, park, flow, pairs) {
          trail.push(state());
          const args = [], view = {};
          for (const [key, value] of pairs) {
            if (viewKeys.includes(key)) view[key] = value; else args.push(key + "=" + value);
          }
          // An act stays in this park; afterwards the controls name its flow and args as a view.
          restore({ park: park, flow: flow, args: args.join("\\n"), view: view });
          notice(kind === "act" ? "Performed the act once on the preview's store; Back and reloads never repeat it" : "");
          // What was followed is gone with its screen: focus goes to the new one, so a
          // keyboard goes on from its top, not from the page's.
          load(kind === "act").then(() => { const screen = $("frame").querySelector(".screen"); if (screen) screen.focus(); });
        }

        // A form: the runtime checks what was typed against the screen's form, then the
        // action it makes runs as a link's would; a value refused is said inside the form.
        $("frame").addEventListener("submit", async (event) => {
          const form = event.target.closest("form[data-kind]");
          if (!form) return;
          event.preventDefault();
          const values = {};
          for (const input of form.querySelectorAll("input[name], textarea[name]")) {
            if (input.type === "checkbox") values[input.name] = input.checked ? "true" : "false";
            else if (input.type !== "radio" || input.checked) values[input.name] = input.value;
          }
          form.querySelectorAll(".form-problem").forEach((p) => p.remove());
          const said = (message) => {
            const problem = document.createElement("p");
            problem.className = "form-problem";
            problem.setAttribute("role", "alert");
            problem.textContent = message;
            form.insertBefore(problem, form.querySelector("button[type=submit]"));
          };
          if (live) { perform(form.dataset.action, values, said); return; }
          try {
            const response = await fetch(base() + "/submission?" + query().toString(), {
              method: "POST", headers: { "Content-Type": "application/json" }, cache: "no-store",
              body: JSON.stringify({ action: form.dataset.action, values: values }),
            });
            const body = await response.json();
            if (!response.ok) { said(body.error ? body.error.message : "The form was not sent: " + response.status); return; }
            run(body.kind, body.park, body.flow, Object.entries(body.args || {}));
          } catch (error) {
            $("status").textContent = "The server does not answer: " + error;
          }
        });

        $("back").addEventListener("click", () => {
          const saved = trail.pop();
          if (saved) { restore(saved); notice(""); load(); }
        });

        $("controls").addEventListener("submit", (event) => { event.preventDefault(); extraView = {}; leaveLive(); load(); });

        // Live: the frame follows a screen of the server's live session "phone".
        let live = null;  // { id, handle, events, playing }
        function count(name) { $("frame").dataset[name] = String(Number($("frame").dataset[name] || 0) + 1); }

        async function goLive(play) {
          const q = query();
          // The phone's position, location, clock and network are the session's own.
          for (const key of ["at", "track", "time", "location", "accuracy", "until", "offline"]) q.delete(key);
          const params = new URLSearchParams({ park: $("park").value, name: "phone", flow: $("flow").value.trim() || "home" });
          for (const [key, value] of q) params.append(key, value);
          if (play) {
            const file = $("track").value.trim();
            if (!file) { notice("Give a GPX track (or a party .json, a scan log .csv) in the project to play"); return; }
            params.set("play", file);
            params.set("speed", $("speed").value.trim() || "60");
            if ($("playfrom").value.trim()) params.set("from", $("playfrom").value.trim());
          }
          await leaveLive();
          const response = await fetch("/sessions?" + params.toString(), { method: "POST", headers: actHeaders, cache: "no-store" });
          const body = await response.json();
          if (!response.ok) { notice((body.error && body.error.message) || ("The live session was refused: " + response.status)); return; }
          live = { id: body.id, handle: body.handle, playing: play };
          const events = new EventSource("/sessions/" + encodeURIComponent(body.id) + "/events");
          live.events = events;
          events.addEventListener("screen", (e) => {
            const d = JSON.parse(e.data);
            if (!live || d.handle !== live.handle) return;
            $("frame").dataset.liveAt = d.at;  // the session's clock when the screen changed
            showLive();
          });
          events.addEventListener("error", (e) => {
            if (!e.data) return;  // the connection's own error: EventSource reconnects
            const d = JSON.parse(e.data);
            if (live && d.handle === live.handle) notice("The flow failed; the screen stays as it was: " + d.text);
          });
          events.addEventListener("event", (e) => {
            const d = JSON.parse(e.data);
            count("events");
            $("frame").dataset.lastEvent = d.kind;
            $("events").textContent = d.at.slice(11, 19) + " " + d.kind + (d.name ? " " + d.name : "") + (d.text ? ": " + d.text : "");
          });
          events.addEventListener("ended", () => { leaveLive(); notice("The live session ended"); });
          $("stop").disabled = false;
          $("frame").dataset.session = body.id;
          notice(play ? "Playing " + params.get("play") + " at " + params.get("speed") + "×" : "Joined the live phone");
          await showLive();
        }

        async function showLive() {
          if (!live) return;
          const mine = live;
          const response = await fetch("/sessions/" + encodeURIComponent(mine.id) + "/screens/" + mine.handle + "/frame?size=" + encodeURIComponent($("size").value), { cache: "no-store" });
          const text = await response.text();
          if (live !== mine) return;
          $("frame").innerHTML = text;
          $("frame").dataset.status = String(response.status);
          count("loads");
          count("liveUpdates");
        }

        async function perform(action, values, said) {
          const mine = live;
          const response = await fetch("/sessions/" + encodeURIComponent(mine.id) + "/actions", {
            method: "POST", headers: Object.assign({ "Content-Type": "application/json" }, actHeaders),
            body: JSON.stringify({ screen: mine.handle, action: action, values: values || {} }),
          });
          const body = await response.json();
          if (!response.ok) { (said || notice)(body.error ? body.error.message : "The action failed: " + response.status); return; }
          count("acts");
          if (body.external) notice("The app performs " + (body.external.url || body.external.phone || body.external.kind));
          else if (body.park) notice("The app opens park " + body.park);
        }

        function leaveLive() {
          if (!live) return;
          const left = live;
          live = null;
          left.events.close();
          const session = "/sessions/" + encodeURIComponent(left.id);
          // The player this page started stops with its session; a joined page leaves its screen.
          const path = left.playing ? session : session + "/screens/" + left.handle;
          $("stop").disabled = true;
          delete $("frame").dataset.session;
          return fetch(path, { method: "DELETE", headers: actHeaders }).catch(() => {});
        }

        $("play").addEventListener("click", () => goLive(true));
        $("join").addEventListener("click", () => goLive(false));
        $("stop").addEventListener("click", () => { leaveLive(); notice(""); load(); });
        for (const id of ["park", "size", "location", "offline", "compare"]) $(id).addEventListener("change", () => { if (id === "park") { trail.length = 0; loadFlows(); } load(); });

        async function loadFlows() {
          try {
            $("catalog").href = "/parks/" + encodeURIComponent($("park").value) + "/catalog/";
            const response = await fetch("/parks/" + encodeURIComponent($("park").value) + "/flows");
            const names = response.ok ? await response.json() : [];
            $("flows").innerHTML = "";
            $("flowlist").innerHTML = "";
            for (const name of names) {
              const option = document.createElement("option"); option.value = name; $("flows").append(option);
              const chip = document.createElement("button");
              chip.type = "button"; chip.textContent = name; chip.dataset.flow = name;
              chip.addEventListener("click", () => { trail.push(state()); $("flow").value = name; $("args").value = ""; extraView = {}; notice(""); load(); });
              $("flowlist").append(chip);
            }
            markFlow();
          } catch (error) { /* the frame says what is wrong */ }
        }

        async function start() {
          const parks = await (await fetch("/parks")).json();
          for (const park of parks) {
            const option = document.createElement("option");
            option.value = park.code;
            option.textContent = park.name ? park.code + " · " + park.name : park.code + " (does not load)";
            $("park").append(option);
          }
          const wanted = document.body.dataset.park.toUpperCase();
          if (wanted) $("park").value = wanted;
          fromAddress();
          await loadFlows();
          await load();
          const events = new EventSource("/events");
          events.addEventListener("open", () => { $("status").textContent = "Live: watching flows/ and parks/"; $("status").classList.add("live"); });
          events.addEventListener("error", () => { $("status").textContent = "Reconnecting…"; $("status").classList.remove("live"); });
          events.addEventListener("change", () => { if (!live) load(false, true); });
        }
        start();

        """
}
