// What a chart shows, in words, for its accessible name (screen readers read it instead of the picture): its
// kind, what each axis holds, its series, and its lowest and highest values with where they are. Read from the
// vega-lite spec the chart is drawn from, so the words and the picture cannot disagree.
import type { TopLevelSpec } from 'vega-lite';

type Encoding = { field?: string; type?: string; title?: string | null; aggregate?: string; sort?: unknown };
interface Unit {
  mark?: string | { type: string; strokeDash?: number[] };
  data?: { values?: Array<Record<string, unknown>> };
  encoding?: Record<string, Encoding | undefined>;
}

const markType = (u: Unit) => (typeof u.mark === 'string' ? u.mark : u.mark?.type);
const KIND: Record<string, string> = { bar: 'Bar chart', line: 'Line chart', point: 'Dot chart', area: 'Area chart' };
const NOUN: Record<string, string> = { bar: 'bar', line: 'line', point: 'colour', area: 'area' };

/** A value as the tables print it: two decimals below 10, whole numbers above. */
function fmtShown(x: number): string {
  return Math.abs(x) >= 10 ? String(Math.round(x)) : x.toFixed(2);
}

const titleOf = (e: Encoding) => (typeof e.title === 'string' ? e.title : e.field!);

/** The distinct values of `field`, in the encoding's sort order when it gives one. */
function valuesOf(rows: Array<Record<string, unknown>>, e: Encoding): string[] {
  const seen = [...new Set(rows.map((r) => String(r[e.field!])))];
  if (Array.isArray(e.sort)) {
    const order = e.sort.map(String);
    return [...order.filter((v) => seen.includes(v)), ...seen.filter((v) => !order.includes(v))];
  }
  return seen;
}

const list = (values: string[], most = 6) =>
  values.length <= most ? values.join(', ') : `${values.slice(0, most).join(', ')} and ${values.length - most} more`;

export function describeChart(spec: TopLevelSpec): string {
  const s = spec as unknown as Unit & {
    layer?: Unit[];
    spec?: Unit;
    facet?: Encoding;
  };
  const rows = s.data?.values ?? [];
  const units: Unit[] = s.layer ?? (s.spec ? [s.spec] : [s]);
  const main = units.find((u) => !u.data && markType(u) !== 'rule' && markType(u) !== 'text') ?? units[0]!;
  const enc = main.encoding ?? {};
  // The value axis: the quantitative one; when both are (a series over seconds), y.
  const isValue = (e?: Encoding) => e?.type === 'quantitative' && e.field !== undefined && !e.aggregate;
  const qName = isValue(enc.y) ? (isValue(enc.x) || enc.x?.type !== 'quantitative' ? 'y' : 'x') : 'x';
  const q = isValue(enc[qName]) ? enc[qName] : undefined;
  if (!q) return '';
  const c = enc[qName === 'x' ? 'y' : 'x'];
  const colour = enc.color?.field ? enc.color : undefined;
  const type = markType(main) ?? 'bar';
  const parts: string[] = [];
  let head = `${KIND[type] ?? 'Chart'} of ${titleOf(q)}`;
  if (c?.field) {
    if (c.type === 'temporal') {
      const dates = rows.map((r) => String(r[c.field!])).sort();
      head += ` over ${titleOf(c)}${dates.length ? `, from ${dates[0]} to ${dates.at(-1)}` : ''}`;
    } else if (c.type === 'quantitative') {
      head += ` over ${titleOf(c)}`;
    } else {
      const cats = valuesOf(rows, c);
      head += ` by ${titleOf(c)} (${cats.length}: ${list(cats)})`;
    }
  }
  if (colour) {
    const series = valuesOf(rows, colour);
    head += `, one ${NOUN[type] ?? 'colour'} per ${colour.title ? titleOf(colour) : colour.field}: ${list(series, 8)}`;
  }
  if (s.facet?.field)
    head += `, in ${valuesOf(rows, s.facet).length} panels by ${s.facet.field}, each on its own scale`;
  parts.push(head);
  const numbers = rows.filter((r) => typeof r[q.field!] === 'number' && Number.isFinite(r[q.field!]));
  if (numbers.length) {
    const where = (r: Record<string, unknown>) => {
      const across = c?.field && c.type !== 'temporal' && c.type !== 'quantitative';
      const at = [across ? r[c.field!] : undefined, s.facet?.field ? r[s.facet.field] : undefined]
        .concat(colour ? [r[colour.field!]] : [], c?.type === 'temporal' ? [r[c.field!]] : [])
        .filter((v) => v !== undefined && v !== null);
      return at.length ? ` (${at.join(', ')})` : '';
    };
    const by = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      (a[q.field!] as number) - (b[q.field!] as number);
    const sorted = [...numbers].sort(by);
    const low = sorted[0]!;
    const high = sorted.at(-1)!;
    parts.push(
      `Lowest ${fmtShown(low[q.field!] as number)}${where(low)}, highest ${fmtShown(high[q.field!] as number)}${where(high)}`,
    );
  }
  for (const u of units) {
    const e = Object.values(u.encoding ?? {}).find((x) => x?.field);
    const values = u.data?.values;
    if (markType(u) === 'rule' && values?.length === 1 && e?.field && typeof values[0]![e.field] === 'number')
      parts.push(`A dashed line marks ${values[0]![e.field]}`);
  }
  return `${parts.join('. ')}.`;
}
