// rxeval report page: everything is drawn from the two data islands.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("summary").textContent);
  const $ = (id) => document.getElementById(id);
  // Markup is built only by the html`` tag, which escapes every value put
  // into it (participant and file text: ids, statements, judge names, run
  // records) unless that value is itself markup html`` built, or a list of
  // such; setHTML, the page's one writer of innerHTML, takes nothing else.
  // A string never becomes markup by forgetting to escape it.
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  class Markup { constructor(s) { this.s = s; } }
  const piece = (v) => (v instanceof Markup ? v.s : Array.isArray(v) ? v.map(piece).join("") : esc(v));
  const html = (strs, ...vals) => new Markup(strs.reduce((a, s, i) => a + piece(vals[i - 1]) + s));
  const setHTML = (el, m) => {
    if (!(m instanceof Markup)) throw new TypeError("setHTML: not markup built by html``");
    el.innerHTML = m.s;
  };
  const f4 = (x) => (x === undefined || x === null ? "–" : Number(x).toFixed(4));
  const FIGS = [
    ["joint_accuracy", "joint accuracy"],
    ["verdict_macro_f1", "verdict macro F1"],
    ["category_macro_f1", "category macro F1"],
    ["localization_accuracy", "localization accuracy"],
    ["correction_accuracy", "correction accuracy"],
  ];
  const TASKS = ["joint", "verdict", "category", "localization", "correction"];
  const BIT = { verdict: 1, category: 2, localization: 4, correction: 8, joint: 16 };
  let sys = 0; // the system shown in the per-system parts
  const charts = {};
  const S = () => D.systems[sys];

  // ---- header, system picker
  function meta() {
    const s = S();
    $("meta").textContent = `gold ${s.gold} (${s.gold_shape} shape): ${s.metrics.n} samples, ${s.metrics.n_aligned} aligned, ${s.metrics.n_misaligned} misaligned · judge ${s.judge && s.judge.chain ? s.judge.chain : "not recorded"}`;
  }
  if (D.systems.length > 1) {
    $("syspick").hidden = false;
    D.systems.forEach((s, i) => $("system").add(new Option(s.name, i)));
    $("system").addEventListener("change", (e) => { sys = +e.target.value; drawSystem(); filter(); });
  }

  // ---- headline figures, every system
  function figures() {
    const h = [];
    D.systems.forEach((s, k) => {
      if (D.systems.length > 1) h.push(html`<h3>${s.name}</h3>`);
      const cards = [];
      for (const [key, name] of FIGS) {
        const ci = s.ci && s.ci[key];
        const b = s.bounds && s.bounds[key];
        let bound = "";
        if (b && b[0] !== b[1]) {
          bound = s.stage_two.undecided_scored_as === "right"
            ? html`upper bound; all undecided wrong: <span data-bound="${k}/${key}">${f4(b[0])}</span>`
            : html`lower bound; all undecided right: <span data-bound="${k}/${key}">${f4(b[1])}</span>`;
        }
        cards.push(html`<div class="figcard${key === "joint_accuracy" ? " joint" : ""}"><div class="name">${name}</div>${""
          }<div class="fig" data-fig="${k}/${key}">${f4(s.metrics[key])}</div>${
          ci ? html`<div class="ci" data-ci="${k}/${key}">95% CI [${f4(ci[0])}, ${f4(ci[1])}]</div>` : ""}${
          bound ? html`<div class="bound">${bound}</div>` : ""}${
          key === "category_macro_f1" ? html`<div class="ci">multi-class convention: ${f4(s.metrics.category_macro_f1_multiclass)}</div>` : ""}</div>`);
      }
      h.push(html`<div class="figs">${cards}</div>`);
      const st = s.stage_two;
      // Judge names are the run's text: plain strings here, escaped by html``.
      const parts = Object.keys(st.decided || {}).sort().map((k2) => `${k2} ${st.decided[k2]}`);
      h.push(html`<p class="note">stage one (exact match): localization ${st.stage_one_matches.localization}, correction ${st.stage_one_matches.correction}; \
stage two: ${st.pairs} pairs, decided by ${parts.join(", ") || "no judge"}; undecided <span data-undecided="${k}">${st.undecided}</span> \
(localization ${st.undecided_by_kind.localization}, correction ${st.undecided_by_kind.correction}; scored ${st.undecided_scored_as})\
${st.judge_failed ? `; ${st.judge_failed} because a judge failed` : ""}${s.missing ? `; ${s.missing} samples had no prediction (all-wrong)` : ""}</p>`);
    });
    setHTML($("figures"), html`${h}`);
    if (D.systems.some((s) => s.stage_two.undecided > 0)) {
      $("boundnote").textContent = "Undecided stage-two pairs make the judge-decided figures bounds, not exact values: a judge that decides more pairs (--judge ollama:MODEL) narrows them.";
    }
  }

  // ---- comparison
  function comparison() {
    const C = D.comparison;
    if (!C) return;
    $("compare").hidden = false;
    const ranks = C.ranking.map((r) => html`<tr><td>${r.rank}</td><td>${r.system}</td><td class="num" data-rank="${r.system}">${f4(r.joint_accuracy)}</td><td data-rank-ci="${r.system}">[${f4(r.ci[0])}, ${f4(r.ci[1])}]</td><td>[${f4(r.bounds[0])}, ${f4(r.bounds[1])}]</td></tr>`);
    setHTML($("ranking"), html`<p class="note">Paired bootstrap: ${C.bootstrap_rounds} resamples of the samples (seed ${C.seed}), the same for every system.</p>
      <table id="ranking-table"><tr><th>rank</th><th>system</th><th>joint accuracy</th><th>95% CI</th><th>bounds (undecided all wrong … all right)</th></tr>${ranks}</table>`);
    const pairs = C.pairs.map((p) => html`<tr><td>${p.b} − ${p.a}</td>${FIGS.map(([key]) => {
      const d = p.deltas[key];
      const sign = d.observed > 0 ? "+" : "";
      return html`<td class="num">${sign}${f4(d.observed)}<br><span class="ci">[${f4(d.ci[0])}, ${f4(d.ci[1])}] P ${d.p_same_sign.toFixed(3)}</span></td>`;
    })}</tr>`);
    setHTML($("pairs"), html`<h3>Pairs: B − A, its 95% interval, and P, the share of resamples where the difference has the sign seen (where none is seen, the share with none)</h3>
      <table><tr><th>B − A</th>${FIGS.map(([, name]) => html`<th>${name}</th>`)}</tr>${pairs}</table>`);
    const rows = TASKS.map((t) => {
      const d = C.disagreements[t];
      return html`<tr><td>${t}</td><td class="num" data-disagree="${t}">${d.count}</td><td>${d.count ? html`<a href="#browser" data-show="${t}">show in the sample browser</a>` : ""}</td></tr>`;
    });
    setHTML($("disagree"), html`<h3>Samples where the systems disagree</h3><table><tr><th>sub-task</th><th>samples</th><th></th></tr>${rows}</table>`);
    $("disagree").addEventListener("click", (e) => {
      const t = e.target.getAttribute("data-show");
      if (!t) return;
      $("f-outcome").value = "disagree"; $("f-task").value = t; $("f-category").value = ""; $("f-pcategory").value = ""; $("f-by").value = ""; $("f-search").value = "";
      filter();
    });
  }

  // ---- charts (Apache ECharts)
  function chart(id) {
    if (!charts[id]) {
      charts[id] = echarts.init($(id), null, { renderer: "canvas" });
      // A shortened axis label shows its full name on hover.
      charts[id].on("mouseover", (e) => { if (e.componentType === "xAxis" || e.componentType === "yAxis") $(id).title = e.value; });
      charts[id].on("mouseout", (e) => { if (e.componentType === "xAxis" || e.componentType === "yAxis") $(id).title = ""; });
    }
    return charts[id];
  }
  function drawSubtasks() {
    const names = ["verdict macro F1", "category macro F1", "localization", "correction", "joint"];
    const keys = ["verdict_macro_f1", "category_macro_f1", "localization_accuracy", "correction_accuracy", "joint_accuracy"];
    chart("chart-subtasks").setOption({
      animation: false,
      tooltip: { trigger: "item", formatter: (p) => {
        const s = D.systems[p.seriesIndex], k = keys[p.dataIndex];
        return html`${s.name}<br>${names[p.dataIndex]}: <b>${f4(s.metrics[k])}</b>${
          s.ci && s.ci[k] ? html`<br>95% CI [${f4(s.ci[k][0])}, ${f4(s.ci[k][1])}]` : ""}${
          s.bounds && s.bounds[k] && s.bounds[k][0] !== s.bounds[k][1] ? html`<br>bounds [${f4(s.bounds[k][0])}, ${f4(s.bounds[k][1])}]` : ""}`.s;
      } },
      legend: { show: D.systems.length > 1, top: 0 },
      grid: { left: 40, right: 10, top: D.systems.length > 1 ? 30 : 10, bottom: 30 },
      xAxis: { type: "category", data: ["verdict F1", "category F1", "localization", "correction", "joint"], axisLabel: { interval: 0, hideOverlap: false, fontSize: 11 } },
      yAxis: { type: "value", min: 0, max: 1 },
      series: D.systems.map((s) => ({ name: s.name, type: "bar", data: keys.map((k) => +s.metrics[k].toFixed(4)),
        label: { show: D.systems.length <= 3, position: "top", formatter: (p) => p.value.toFixed(3), fontSize: 10 } })),
    });
  }
  function drawDecided() {
    const s = S();
    const kinds = ["localization", "correction"];
    const bys = [...new Set(kinds.flatMap((k) => Object.keys(s.decided_by[k])))];
    const order = (b) => ({ "null-rule": 0, "empty-answer": 0, "stage-one": 1, undecided: 8, missing: 9 }[b] ?? 5);
    bys.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
    chart("chart-decided").setOption({
      animation: false,
      tooltip: { trigger: "item", formatter: (p) => html`${p.name}: ${p.seriesName} ${p.value} samples`.s },
      legend: { top: 0, type: "scroll" },
      grid: { left: 90, right: 20, top: 40, bottom: 20 },
      xAxis: { type: "value", max: s.metrics.n },
      yAxis: { type: "category", data: kinds },
      series: bys.map((b) => ({ name: b, type: "bar", stack: "all", data: kinds.map((k) => s.decided_by[k][b] || 0),
        itemStyle: b === "undecided" ? { color: "#f59f00" } : b === "missing" ? { color: "#868e96" } : undefined })),
    }, true);
  }
  function drawCategories() {
    const s = S();
    const order = s.category_order.slice().reverse(); // largest support on top
    $("chart-categories").style.height = Math.max(160, 40 + 26 * order.length) + "px";
    chart("chart-categories").resize();
    chart("chart-categories").setOption({
      animation: false,
      tooltip: { trigger: "item", formatter: (p) => {
        const c = s.per_category[order[p.dataIndex]];
        return html`${order[p.dataIndex]}<br>F1 <b>${c.f1 === null ? "n/a (no TP, FP or FN: not in the mean)" : f4(c.f1)}</b><br>TP ${c.tp} · FP ${c.fp} · FN ${c.fn} · support ${c.support}`.s;
      } },
      grid: { left: 300, right: 60, top: 10, bottom: 20 },
      xAxis: { type: "value", min: 0, max: 1 },
      yAxis: { type: "category", data: order.map((c) => `${c} (${s.per_category[c].support})`), axisLabel: { fontSize: 11 } },
      // An undefined F1 (null) is no bar, labelled n/a: not 0.
      series: [{ type: "bar", data: order.map((c) => (s.per_category[c].f1 === null ? null : +s.per_category[c].f1.toFixed(4))), label: { show: true, position: "right", formatter: (p) => (p.value === null || p.value === undefined ? "n/a" : p.value.toFixed(2)), fontSize: 10 } }],
    }, true);
  }
  // short cuts a long axis label; the full name shows on hover.
  const short = (s) => (s.length > 24 ? s.slice(0, 23) + "…" : s);
  // heatPieces splits counts into classes that double (1, 2–3, 4–7, …) up
  // to the largest cell off the aligned/none diagonal, and gives that
  // diagonal (most samples, usually) a class of its own: counts of 1 stay
  // visible however large it is.
  function heatPieces(max, top) {
    const pieces = [];
    for (let lo = 1; lo <= max; lo *= 2) {
      const hi = Math.min(max, 2 * lo - 1);
      pieces.push({ gte: lo, lte: hi, label: lo === hi ? `${lo}` : `${lo}–${hi}` });
    }
    if (top > max) pieces.push({ gte: max + 1, lte: top, label: `${max + 1}–${top}` });
    return pieces;
  }
  function drawConfusion() {
    const s = S();
    // Only the labels that occur, gold on the rows, predicted on the columns.
    const used = new Set();
    for (const [g, p] of s.confusion) { used.add(g); used.add(p); }
    const all = $("all-labels").checked;
    const idx = D.labels.map((_, i) => i).filter((i) => used.has(i) || (all && i < D.labels.length - 1));
    const pos = new Map(idx.map((v, i) => [v, i]));
    const names = idx.map((i) => D.labels[i]);
    $("chart-confusion").style.height = Math.max(420, 250 + 26 * names.length) + "px";
    chart("chart-confusion").resize();
    const none = D.labels.length - 2; // aligned / none
    let max = 1, top = 1;
    const data = s.confusion.map(([g, p, n]) => {
      if (g !== none || p !== none) max = Math.max(max, n);
      top = Math.max(top, n);
      return [pos.get(p), pos.get(g), n];
    });
    // Full category names: the grid leaves them room (the longest, 37
    // characters, fits), so no label is cut.
    const label = { interval: 0, hideOverlap: false, fontSize: 10 };
    chart("chart-confusion").setOption({
      animation: false,
      tooltip: { formatter: (p) => html`gold <b>${names[p.value[1]]}</b><br>predicted <b>${names[p.value[0]]}</b><br>${p.value[2]} samples`.s },
      grid: { left: 230, right: 20, top: 30, bottom: 200 },
      xAxis: { type: "category", data: names, name: "predicted", nameLocation: "middle", nameGap: 185, triggerEvent: true,
        axisLabel: { ...label, rotate: 45 }, splitArea: { show: true } },
      yAxis: { type: "category", data: names, name: "gold", nameLocation: "start", nameGap: 10, triggerEvent: true,
        nameTextStyle: { align: "right", fontWeight: "bold" }, inverse: true, axisLabel: label, splitArea: { show: true } },
      visualMap: { type: "piecewise", pieces: heatPieces(max, top), orient: "horizontal", right: 0, bottom: 0, itemWidth: 14, itemHeight: 10, textStyle: { fontSize: 10 },
        inRange: { color: ["#91a7ff", "#3b5bdb", "#1e2a78"] } },
      series: [{ type: "heatmap", data: data, label: { show: names.length <= 16, fontSize: 9, color: "#fff" } }],
    }, true);
  }
  function judgeBlock() {
    const j = S().judge || {};
    const keys = Object.keys(j).sort();
    setHTML($("judgeblock"), html`<table>${keys.length ? keys.map((k) => judgeRow(k, j[k], k, 0)) : html`<tr><td>not recorded with this run</td></tr>`}</table>`);
  }
  // judgeRow renders one entry of the judge block: a nested map as indented
  // rows under its name, a list as comma-separated values, the rest as text.
  // A map or list deeper than D.judge_depth levels is shown as "nested too
  // deep" (the data comes so bounded; the walk is bounded besides, so that
  // no judge block can overflow the stack).
  const JUDGE_DEPTH = D.judge_depth || 10;
  const TOO_DEEP = "nested too deep";
  function judgeRow(name, v, path, depth) {
    const th = html`<th style="padding-left:${10 + 16 * Math.min(depth, JUDGE_DEPTH)}px">${name}</th>`;
    if (v && typeof v === "object" && depth >= JUDGE_DEPTH) {
      return html`<tr>${th}<td data-judge="${path}">${TOO_DEEP}</td></tr>`;
    }
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const ks = Object.keys(v).sort();
      return html`<tr class="group">${th}<td data-judge="${path}">${ks.length ? "" : "none"}</td></tr>${ks.map((k) => judgeRow(k, v[k], path + "." + k, depth + 1))}`;
    }
    const text = Array.isArray(v) ? v.map((x) => (typeof x === "string" ? x : bounded(x, depth + 1))).join(", ") : String(v);
    return html`<tr>${th}<td data-judge="${path}">${text}</td></tr>`;
  }
  // bounded is JSON.stringify(x) for a list element at the given depth,
  // with what nests past JUDGE_DEPTH written as TOO_DEEP.
  function bounded(x, depth) {
    const at = new WeakMap(); // each object or list met: its depth
    return JSON.stringify(x, function (k, v) {
      if (v && typeof v === "object") {
        const d = at.has(this) ? at.get(this) + 1 : depth;
        if (d >= JUDGE_DEPTH) return TOO_DEEP;
        at.set(v, d);
      }
      return v;
    });
  }
  $("all-labels").addEventListener("change", () => drawConfusion());
  function drawSystem() { meta(); drawDecided(); drawCategories(); drawConfusion(); judgeBlock(); }
  window.addEventListener("resize", () => Object.values(charts).forEach((c) => c.resize()));

  // ---- sample browser
  let samples = [];
  let shown = [];
  let selected = null;
  let loading = false; // only the first page (the head island) is in
  const LIMIT = 300;
  // The list's badges: one distinct label per sub-task (the legend above the list says which).
  const BADGES = [["verdict", "V"], ["category", "Cat"], ["localization", "Loc"], ["correction", "Corr"]];
  function setupFilters() {
    for (const t of TASKS) $("f-task").add(new Option(t === "joint" ? "all sub-tasks (joint)" : t, t));
    $("f-category").add(new Option("aligned (no error)", "__aligned"));
    for (const l of D.labels.slice(0, 28)) $("f-category").add(new Option(l, l));
    $("f-pcategory").add(new Option("no category", "__none"));
    for (const l of D.labels.slice(0, 28)) $("f-pcategory").add(new Option(l, l));
    $("f-pcategory").add(new Option("not one of the 28", "__other"));
    const bys = new Set();
    for (const s of D.systems) for (const k of ["localization", "correction"]) for (const b of Object.keys(s.decided_by[k])) bys.add(b);
    for (const b of [...bys].sort()) $("f-by").add(new Option(b, b));
    if (D.systems.length < 2) $("f-outcome").querySelector('option[value="disagree"]').remove();
    for (const id of ["f-outcome", "f-task", "f-category", "f-pcategory", "f-by"]) $(id).addEventListener("change", filter);
    $("f-search").addEventListener("input", filter);
    $("list").addEventListener("click", (e) => {
      const row = e.target.closest(".row");
      if (row) show(+row.dataset.i);
    });
  }
  function filter() {
    const out = $("f-outcome").value, task = $("f-task").value, cat = $("f-category").value, by = $("f-by").value;
    const pcat = $("f-pcategory").value;
    const known = new Set(D.labels.slice(0, 28));
    const q = $("f-search").value.trim().toLowerCase();
    const bit = BIT[task];
    shown = [];
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i];
      if (!s) continue; // not inflated yet
      const p = s.p[sys];
      if (q && !s.id.toLowerCase().includes(q)) continue;
      if (out === "right" && !(p.ok & bit)) continue;
      if (out === "wrong" && (p.ok & bit)) continue;
      if (out === "disagree") {
        const r = s.p.filter((x) => x.ok & bit).length;
        if (r === 0 || r === s.p.length) continue;
      }
      if (cat === "__aligned" && s.g.m) continue;
      if (cat && cat !== "__aligned" && s.g.c !== cat) continue;
      if (pcat === "__none" && p.c) continue;
      if (pcat === "__other" && (!p.c || known.has(p.c))) continue;
      if (pcat && pcat[0] !== "_" && p.c !== pcat) continue;
      if (by) {
        const want = task === "localization" ? [p.lb] : task === "correction" ? [p.cb] : [p.lb, p.cb];
        if (!want.includes(by)) continue;
      }
      shown.push(i);
    }
    $("f-count").textContent = loading
      ? `first ${shown.length} of ${samples.length} samples listed; reading the rest…`
      : `${shown.length} of ${samples.length} samples` + (shown.length > LIMIT ? ` (first ${LIMIT} listed)` : "");
    $("f-count").dataset.count = shown.length;
    const rows = shown.slice(0, LIMIT).map((i) => {
      const s = samples[i], p = s.p[sys];
      return html`<div class="row${i === selected ? " sel" : ""}" data-i="${i}" data-id="${s.id}"><span>${s.id}</span><span class="badges">${
        BADGES.map(([t, b]) => html`<span class="${p.ok & BIT[t] ? "y" : "n"}" title="${t} ${p.ok & BIT[t] ? "right" : "wrong"}">${b}</span>`)}</span></div>`;
    });
    setHTML($("list"), rows.length ? html`${rows}` : html`<p class="note" style="padding:8px">No sample matches.</p>`);
    if (shown.length && (selected === null || !shown.includes(selected))) show(shown[0]);
    if (!shown.length) { selected = null; setHTML($("detail"), html`<p class="note">No sample matches.</p>`); }
  }
  // highlight marks the gold and predicted segments in the statement.
  function highlight(text, gold, pred) {
    const spans = [];
    const find = (seg, cls) => {
      if (!seg) return "absent";
      const at = text.indexOf(seg);
      if (at < 0) return "not found verbatim in the statement";
      spans.push([at, at + seg.length, cls]);
      return "";
    };
    const gs = find(gold, "gold"), ps = find(pred, "pred");
    const cuts = new Set([0, text.length]);
    for (const [a, b] of spans) { cuts.add(a); cuts.add(b); }
    const pts = [...cuts].sort((a, b) => a - b);
    const h = [];
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = pts[i], b = pts[i + 1];
      const cls = spans.filter(([x, y]) => x <= a && b <= y).map((s) => s[2]);
      const part = text.slice(a, b);
      h.push(cls.length === 2 ? html`<mark class="both">${part}</mark>` : cls.length === 1 ? html`<mark class="${cls[0]}">${part}</mark>` : part);
    }
    return { html: html`${h}`, gold: gs, pred: ps };
  }
  // tokens splits Lean text into words, numbers, white space and symbols.
  const tokens = (s) => s.match(/\s+|[\p{L}\p{N}_'.₀-₉]+|[^\s\p{L}\p{N}_'.]/gu) || [];
  // Lean reads any run of white space alike: such runs match each other.
  const blank = /^\s+$/;
  const same = (a, b) => a === b || (blank.test(a) && blank.test(b));
  // diff is a token-level LCS diff of b (predicted) against a (gold).
  function diff(a, b) {
    const x = tokens(a), y = tokens(b);
    if (x.length * y.length > 4e6) return html`${b}<p class="note">(too long to diff)</p>`;
    const n = x.length, m = y.length;
    const L = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i][j] = same(x[i], y[j]) ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
    let i = 0, j = 0;
    const h = [];
    while (i < n || j < m) {
      if (i < n && j < m && same(x[i], y[j])) { h.push(y[j]); i++; j++; }
      else if (i < n && (j === m || L[i + 1][j] >= L[i][j + 1])) { h.push(html`<del>${x[i]}</del>`); i++; }
      else { h.push(html`<ins>${y[j]}</ins>`); j++; }
    }
    return html`${h}`;
  }
  const yn = (ok) => (ok ? html`<span class="ok">right</span>` : html`<span class="bad">wrong</span>`);
  // und marks an answer no judge decided: scored by the run's policy.
  const und = (ok, by) => (by === "undecided" ? html`<span class="bound">undecided, scored ${ok ? "right" : "wrong"}</span>` : yn(ok));
  const val = (v) => (v === undefined || v === null ? html`<i>null</i>` : html`<code>${v}</code>`);
  // text rebuilds a correction from its edit of the formal statement.
  const text = (fs, e) => (e ? fs.slice(0, e.p || 0) + (e.m || "") + fs.slice(fs.length - (e.s || 0)) : null);
  function show(i) {
    selected = i;
    // While only the first page is in, the address keeps the sample a link asked for.
    if (!loading && samples[i] && location.hash !== "#" + encodeURIComponent(samples[i].id)) history.replaceState(null, "", "#" + encodeURIComponent(samples[i].id));
    for (const r of $("list").querySelectorAll(".row")) r.classList.toggle("sel", +r.dataset.i === i);
    const s = samples[i], p = s.p[sys], g = s.g;
    const gx = text(s.fs || "", g.x), px = text(s.fs || "", p.x);
    const h = [html`<h3 id="detail-id">${s.id}</h3>
      <table><tr><th></th><th>gold</th><th>predicted</th><th></th><th>decided by</th></tr>
      <tr><th>verdict</th><td>${g.m ? "misaligned" : "aligned"}</td><td>${p.miss ? html`<i>no prediction</i>` : p.v !== undefined ? html`<code data-verdict>${JSON.stringify(p.v)}</code><br><span class="note">neither class: not written as the rules write it</span>` : p.m ? "misaligned" : "aligned"}</td><td>${yn(p.ok & 1)}</td><td></td></tr>
      <tr><th>category</th><td>${val(g.c)}</td><td>${val(p.c)}</td><td>${yn(p.ok & 2)}</td><td></td></tr>
      <tr><th>localization</th><td>${val(g.s)}</td><td>${val(p.s)}</td><td>${und(p.ok & 4, p.lb)}</td><td>${p.lb || ""}${p.lr ? html`<br><span class="note">${p.lr}</span>` : ""}</td></tr>
      <tr><th>correction</th><td colspan="2"><span class="note">below</span></td><td>${und(p.ok & 8, p.cb)}</td><td>${p.cb || ""}${p.cr ? html`<br><span class="note">${p.cr}</span>` : ""}</td></tr>
      <tr><th>joint</th><td colspan="2"></td><td>${yn(p.ok & 16)}</td><td></td></tr></table>`];
    if (D.systems.length > 1) {
      const rows = s.p.map((q, k) => html`<tr${k === sys ? html` class="sel"` : ""}><td>${D.systems[k].name}</td>${[1, 2, 4, 8, 16].map((b) => html`<td>${yn(q.ok & b)}</td>`)}<td>${val(q.c)}</td></tr>`);
      h.push(html`<h4>Every system on this sample</h4><table id="all-systems"><tr><th>system</th><th>verdict</th><th>category</th><th>localization</th><th>correction</th><th>joint</th><th>predicted category</th></tr>${rows}</table>`);
    }
    if (s.inf) h.push(html`<h4>Informal statement</h4><div class="stmt inf" id="detail-inf">${s.inf}</div>`);
    if (s.fs) {
      const hl = highlight(s.fs, g.s, p.s);
      h.push(html`<h4>Formal statement <span class="legend hint"><mark class="gold">gold segment</mark> <mark class="pred">predicted segment</mark>${
        hl.gold && g.s ? ` · gold segment ${hl.gold}` : ""}${hl.pred && p.s ? ` · predicted segment ${hl.pred}` : ""}</span></h4><pre class="stmt">${hl.html}</pre>`);
    } else {
      h.push(html`<p class="note">No formal statement in this run (pass the test inputs with --inputs).</p>`);
    }
    if (gx !== null || px !== null) {
      h.push(html`<h4>Correction <span class="legend hint"><del>gold only</del> <ins>predicted only</ins></span></h4>`);
      h.push(gx !== null && px !== null ? html`<pre class="stmt" id="diff">${diff(gx, px)}</pre>` : html`<pre class="stmt">gold: ${gx !== null ? gx : "null"}\npredicted: ${px !== null ? px : "null"}</pre>`);
    }
    setHTML($("detail"), html`${h}`);
    // The informal statement's LaTeX ($…$, $$…$$, \(…\), \[…\]), drawn by
    // the embedded KaTeX on the escaped text: trust off, so no link or
    // HTML reaches the page; what KaTeX cannot read stays as written.
    const inf = $("detail-inf");
    if (inf && window.renderMathInElement) {
      try {
        renderMathInElement(inf, { delimiters: [
          { left: "$$", right: "$$", display: true }, { left: "\\[", right: "\\]", display: true },
          { left: "$", right: "$", display: false }, { left: "\\(", right: "\\)", display: false }],
          throwOnError: false, trust: false, strict: "ignore" });
      } catch (e) { /* left as written */ }
    }
  }

  // ---- start: summary parts at once, samples when inflated
  if (D.rxeval_version) $("version").textContent = " " + D.rxeval_version;
  // The samples inflate off the main thread while the charts are drawn.
  setupFilters(); figures(); comparison();
  // The first page of the default view travels uncompressed: listed at
  // once, so the page shows samples before (or without) the inflation.
  samples = new Array(D.n);
  for (const [i, s] of JSON.parse($("head").textContent)) samples[i] = s;
  loading = true;
  filter();
  document.body.dataset.firstMs = performance.now().toFixed(0);
  loadSamples().catch((e) => { $("list").textContent = "could not read the samples: " + e; console.error(e); });
  drawSubtasks(); drawSystem();
  // The grid settles after the first layout: size the charts to it.
  requestAnimationFrame(() => Object.values(charts).forEach((c) => c.resize()));
  // inflate decodes one chunk: base64 of gzipped JSON.
  async function inflate(b64) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }
  async function loadSamples() {
    const chunks = document.getElementById("samples").textContent.split(/\s+/).filter((c) => c);
    samples = (await Promise.all(chunks.map(inflate))).flat();
    loading = false;
    // The search box shows an id of this data, not another set's.
    if (samples.length) $("f-search").placeholder = samples[0].id;
    // A link to a sample (report.html#formalrx_0042) opens it.
    const follow = () => {
      // An id may hold '%': a hash that is not valid percent-encoding is
      // taken as written, never an error that stops the page.
      let want = location.hash.slice(1);
      try { want = decodeURIComponent(want); } catch (e) { /* as written */ }
      if (!want || (selected !== null && samples[selected].id === want) || !samples.some((x) => x.id === want)) return false;
      $("f-outcome").value = ""; $("f-search").value = want;
      return true;
    };
    window.addEventListener("hashchange", () => { if (follow()) filter(); });
    follow();
    filter();
    document.body.dataset.readyMs = performance.now().toFixed(0);
    document.body.dataset.ready = "1";
  }
})();
