// The filter of runs on the index and search pages: shown only with JavaScript (without it the host pages list
// every run). It loads /data/runs/index.json on the first search, then the files of the benchmarks and hosts
// the filters leave (list-pages/data-files.ts), each once, so the pages stay small at 10,000 runs and no file
// holds every run. On the search page (`data-pages`) it also lists the host and history pages found. Every
// string from a run is escaped before it reaches the page.
import { esc } from '../site/html.ts';
import { versionMatches } from '../site/version-match.ts';
import type { RunsIndex } from '../site/list-pages/data-files.ts';

/** A word of the search box that reads as a version (`8.4`, `17.10`): matched as versions are, not as text. */
const VERSION_LIKE = /^\d+(\.\d+)+[a-z]*\d*$/;

const form = document.getElementById('find') as HTMLFormElement | null;
const found = document.getElementById('found');
const findStatus = document.getElementById('find-status');
const SHOWN = 200;

type Group = RunsIndex['groups'][number];

if (form && found && findStatus) {
  const base = form.dataset.base ?? '/';
  const withPages = form.dataset.pages !== undefined;
  let index: Promise<RunsIndex> | undefined;
  const files = new Map<string, Promise<string[][]>>();
  const loadIndex = () => (index ??= fetch(`${base}data/runs/index.json`).then((r) => r.json() as Promise<RunsIndex>));
  const loadGroup = (file: string) => {
    let rows = files.get(file);
    if (!rows) {
      const url = `${base}data/runs/${file.split('/').map(encodeURIComponent).join('/')}`;
      rows = fetch(url)
        .then((r) => r.json() as Promise<{ runs: string[][] }>)
        .then((d) => d.runs);
      files.set(file, rows);
    }
    return rows;
  };
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const value = (name: string) => (field(name)?.value ?? '').trim().toLowerCase();

  /** A select the page left empty (the search page, built without the runs) gets its choices from the list. */
  async function fillChoices(): Promise<void> {
    const choices: Record<string, (g: Group) => string[]> = {
      benchmark: (g) => [g.benchmark],
      host: (g) => [g.host],
      product: (g) => g.products.map((p) => p.product),
    };
    const empty = Object.keys(choices).filter((n) => (field(n) as HTMLSelectElement | null)?.options.length === 1);
    if (!empty.length) return;
    const { groups } = await loadIndex();
    for (const name of empty) {
      const select = field(name) as HTMLSelectElement;
      for (const v of [...new Set(groups.flatMap(choices[name]!))].filter(Boolean).sort()) select.add(new Option(v, v));
    }
  }

  /** Whether every word is found in `text`: a version-like word as a version, from a word's start. */
  const wordsIn = (q: string[], text: string) => {
    const words = text.split(/[\s/]+/);
    return q.every((w) => (VERSION_LIKE.test(w) ? words.some((t) => versionMatches(t, w)) : text.includes(w)));
  };

  // Each input starts a search; only the latest one shows (the files of an earlier one may arrive later).
  let latest = 0;

  async function search(): Promise<void> {
    const mine = ++latest;
    delete document.body.dataset.findReady;
    const q = value('q').split(/\s+/).filter(Boolean);
    const f = {
      benchmark: value('benchmark'),
      host: value('host'),
      product: value('product'),
      version: value('version'),
      config: value('config'),
      from: value('from'),
      to: value('to'),
    };
    if (!q.length && !Object.values(f).some(Boolean)) {
      found!.innerHTML = '';
      findStatus!.textContent = '';
      return;
    }
    findStatus!.textContent = 'loading...';
    const data = await loadIndex();
    if (mine !== latest) return;
    const low = (s: string) => s.toLowerCase();
    // The groups the filters leave: only their files are read.
    const groups = data.groups.filter(
      (g) =>
        (!f.benchmark || low(g.benchmark) === f.benchmark) &&
        (!f.host || low(g.host) === f.host) &&
        (!f.product || g.products.some((p) => low(p.product) === f.product)) &&
        (!f.from || g.last >= f.from) &&
        (!f.to || g.first <= f.to),
    );
    const col = Object.fromEntries(data.fields.map((name, i) => [name, i])) as Record<string, number>;
    const at = (r: string[], name: string) => low(r[col[name]!] ?? '');
    const rows = (await Promise.all(groups.map((g) => loadGroup(g.file)))).flat();
    if (mine !== latest) return;
    const hits = rows
      .filter((r) => {
        if (f.benchmark && at(r, 'benchmark') !== f.benchmark) return false;
        if (f.host && at(r, 'host') !== f.host) return false;
        if (f.product && at(r, 'product') !== f.product) return false;
        if (f.version && !versionMatches(at(r, 'version'), f.version)) return false;
        if (f.config && !at(r, 'config').includes(f.config)) return false;
        if (f.from && at(r, 'date') < f.from) return false;
        if (f.to && at(r, 'date') > f.to) return false;
        // "8.4" finds 8.4 and 8.4.8, not 18.4: a version-like word matches a version, or a word, from its start.
        return wordsIn(q, low(r.join(' ')));
      })
      // Newest first, as each file is.
      .sort((a, b) =>
        at(b, 'date') < at(a, 'date') ? -1 : at(b, 'date') > at(a, 'date') ? 1 : a[0]! < b[0]! ? -1 : 1,
      );
    const get = (r: string[], name: string) => esc(r[col[name]!] ?? '');
    const shown = hits
      .slice(0, SHOWN)
      .map(
        (r) =>
          `<tr><td><a href="${base}runs/${get(r, 'id')}/">${get(r, 'label')}</a></td><td>${get(r, 'date')}</td><td>${get(r, 'benchmark')}</td><td>${get(r, 'host')}</td><td>${get(r, 'product')}</td><td>${get(r, 'version')}</td><td>${get(r, 'config')}</td></tr>`,
      );
    const pages = withPages && !f.version && !f.config && !f.from && !f.to ? pagesFound(groups, q) : '';
    found!.innerHTML =
      pages +
      (shown.length
        ? `<div class="table-wrap"><table class="runs small"><thead><tr><th>run</th><th>date</th><th>benchmark</th><th>host</th><th>DBMS</th><th>version</th><th>config</th></tr></thead><tbody>${shown.join('')}</tbody></table></div>`
        : '');
    const total = data.groups.reduce((n, g) => n + g.count, 0);
    findStatus!.textContent = `${hits.length} of ${total} runs${hits.length > SHOWN ? `, the newest ${SHOWN} shown` : ''}`;
    document.body.dataset.findReady = 'true';
  }

  /** The host pages and histories whose benchmark, host and product hold every word (the search page). */
  function pagesFound(groups: Group[], q: string[]): string {
    const f = { product: value('product') };
    const links: string[] = [];
    for (const g of groups) {
      const products = g.products.filter((p) => !f.product || p.product.toLowerCase() === f.product);
      if (wordsIn(q, `${g.benchmark} ${g.host} ${products.map((p) => p.product).join(' ')}`.toLowerCase()))
        links.push(
          `<li data-type="host"><a href="${base}hosts/${esc(g.benchmark)}/${esc(g.host)}/">${esc(g.benchmark)} on ${esc(g.host)}</a> <span class="muted">(host page, ${g.count} runs)</span></li>`,
        );
      for (const p of products)
        if (p.history && wordsIn(q, `${g.benchmark} ${g.host} ${p.product}`.toLowerCase()))
          links.push(
            `<li data-type="history"><a href="${base}history/${esc(g.benchmark)}/${esc(g.host)}/${esc(p.product)}/">${esc(p.product)} on ${esc(g.host)}: ${esc(g.benchmark)} history</a></li>`,
          );
    }
    return links.length ? `<ul class="pages-found small">${links.join('')}</ul>` : '';
  }

  form.hidden = false;
  void fillChoices();
  form.addEventListener('input', () => void search());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void search();
  });
  if (withPages) {
    // `?q=` fills the words (the search page's address), and a search starts.
    const q = new URLSearchParams(location.search).get('q');
    if (q) {
      (field('q') as HTMLInputElement).value = q;
      void search();
    }
  }
}
