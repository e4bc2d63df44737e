// The index's search: shown only with JavaScript (without it the host pages list every run). The run index
// (/data/run-index.json) is fetched on the first search, so the index page itself stays small at 10,000 runs.
// Every string from a run is escaped before it reaches the page.
import { esc } from '../site/html.ts';
import { versionMatches } from '../site/version-match.ts';

/** A word of the search box that reads as a version (`8.4`, `17.10`): matched as versions are, not as text. */
const VERSION_LIKE = /^\d+(\.\d+)+[a-z]*\d*$/;

const form = document.getElementById('find') as HTMLFormElement | null;
const found = document.getElementById('found');
const findStatus = document.getElementById('find-status');
const SHOWN = 200;

interface RunIndex {
  fields: string[];
  runs: string[][];
}

if (form && found && findStatus) {
  const base = form.dataset.base ?? '/';
  let index: Promise<RunIndex> | undefined;
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim().toLowerCase();

  async function search(): Promise<void> {
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
    index ??= fetch(`${base}data/run-index.json`).then((r) => r.json() as Promise<RunIndex>);
    const data = await index;
    const col = Object.fromEntries(data.fields.map((name, i) => [name, i])) as Record<string, number>;
    const at = (r: string[], name: string) => (r[col[name]!] ?? '').toLowerCase();
    const hits = data.runs.filter((r) => {
      if (f.benchmark && at(r, 'benchmark') !== f.benchmark) return false;
      if (f.host && at(r, 'host') !== f.host) return false;
      if (f.product && at(r, 'product') !== f.product) return false;
      if (f.version && !versionMatches(at(r, 'version'), f.version)) return false;
      if (f.config && !at(r, 'config').includes(f.config)) return false;
      if (f.from && at(r, 'date') < f.from) return false;
      if (f.to && at(r, 'date') > f.to) return false;
      const text = r.join(' ').toLowerCase();
      // "8.4" finds 8.4 and 8.4.8, not 18.4: a version-like word matches a version, or a word, from its start.
      const words = text.split(/[\s/]+/);
      return q.every((w) => (VERSION_LIKE.test(w) ? words.some((t) => versionMatches(t, w)) : text.includes(w)));
    });
    const get = (r: string[], name: string) => esc(r[col[name]!] ?? '');
    const rows = hits
      .slice(0, SHOWN)
      .map(
        (r) =>
          `<tr><td><a href="${base}runs/${get(r, 'id')}/">${get(r, 'label')}</a></td><td>${get(r, 'date')}</td><td>${get(r, 'benchmark')}</td><td>${get(r, 'host')}</td><td>${get(r, 'product')}</td><td>${get(r, 'version')}</td><td>${get(r, 'config')}</td></tr>`,
      );
    found!.innerHTML = rows.length
      ? `<div class="table-wrap"><table class="runs small"><thead><tr><th>run</th><th>date</th><th>benchmark</th><th>host</th><th>DBMS</th><th>version</th><th>config</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`
      : '';
    findStatus!.textContent = `${hits.length} of ${data.runs.length} runs${hits.length > SHOWN ? `, the newest ${SHOWN} shown` : ''}`;
    document.body.dataset.findReady = 'true';
  }

  form.hidden = false;
  form.addEventListener('input', () => void search());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void search();
  });
}
