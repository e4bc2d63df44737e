// What people paste around a thread sweep, as mutations of a sysbench output (issue 23): the loop that ran it
// shown above it, bash -x's trace or a header before each run.
import type { Random } from './mutate.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * A shell loop around sysbench as people paste it above a sweep: on one line after a prompt, typed over lines
 * after `> `, shown in a script, over scripts given by a variable (`sysbench $s`), the thread count always by a
 * variable (`--threads=$t`, which is no thread count).
 */
function shownLoop(r: Random): string {
  const script = r.pick(['oltp_read_only', '$s', '"$script"', 'oltp_point_select.lua', '/usr/share/sysbench/$s.lua']);
  const outer = script.includes('$s') ? 'for s in oltp_read_only oltp_point_select; do ' : '';
  const done = outer ? 'done; done' : 'done';
  const tail = r.pick(['', ' >> log 2>&1', ' | tee -a log']);
  const command = `sysbench ${script} --threads=$t --time=3 run`;
  switch (r.int(3)) {
    case 0:
      return `${r.pick(['', '$ ', 'user@host:~$ ', '[root@db1 ~]# '])}${outer}for t in 1 2 4 8; do ${command}; ${done}${tail}\n`;
    case 1:
      return `user@host:~$ ${outer}for t in 1 2 4 8\n> do\n>   ${command}\n> ${done.replace(/; /g, '\n> ')}${tail}\n`;
    default:
      return `$ cat sweep.sh\n${outer}for t in 1 2 4 8; do\n  sysbench ${script} \\\n    --threads=$t --time=3 run\n${done.replace(/; /g, '\n')}\n$ sh sweep.sh${tail}\n`;
  }
}

/**
 * The loop that ran a sweep, pasted above it as people paste it (`shownLoop`), or what `bash -x` or the loop
 * printed before each run: the trace (`+ for t in ...`, `+ sysbench ... --threads=N run`, N the run's own), a
 * header naming the script (`### oltp_read_only threads=N`), a date.
 */
export function loopShownAbove(d: Uint8Array, r: Random): Uint8Array {
  const text = dec.decode(d);
  if (r.chance(0.5)) return enc.encode(shownLoop(r) + text);
  const script = r.pick(['oltp_read_only', 'oltp_point_select', '/usr/share/sysbench/oltp_insert.lua']);
  const name = script.replace(/^.*\//, '').replace(/\.lua$/, '');
  const how = r.pick(['trace', 'trace with outer loop', 'header', 'header and date']);
  const before = (threads: string | undefined) =>
    how.startsWith('trace')
      ? `${how === 'trace' ? '' : '+ for s in oltp_read_only oltp_point_select\n'}+ for t in 1 2 4 8\n+ sysbench ${script}${threads ? ` --threads=${threads}` : ''} --time=3 run\n`
      : `### ${name}${threads ? ` threads=${threads}` : ''}\n${how === 'header' ? '' : 'Thu Nov 26 17:13:47 UTC 2026\n'}`;
  // Each run's own thread count, from its lines after the banner; none when it prints none.
  const out = text.replace(/^sysbench \d+\.\d+/gm, (banner, at: number) => {
    const own = /^Number of threads: (\d+)/m.exec(text.slice(at + banner.length, at + 2000))?.[1];
    return before(own) + banner;
  });
  return enc.encode((how.startsWith('header') && r.chance(0.5) ? shownLoop(r) : '') + out);
}
