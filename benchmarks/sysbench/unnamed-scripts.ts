// The script of each run of a file whose command does not name it (sysbench prints no script name): the header
// line a loop echoed before the run (`=== oltp_update_index threads=1`), else the loop's list when its command
// names the script by a variable and the runs confirm the list's order (loop-runs.ts). What cannot be told is
// left unknown (the tests are then named after the file), with a note saying why. Pure.
import { isLoop } from './command-line.ts';
import { scriptsOfLoop } from './loop-runs.ts';
import type { SysbenchOutput } from './parse-output.ts';

/** Header lines quoted in a note, at most. */
const QUOTED = 3;

/**
 * For each run of a file (`outs`, in order), the script found for it when its command names none (undefined
 * otherwise), and the notes saying where each came from or why it is unknown.
 */
export function unnamedScripts(
  path: string,
  outs: SysbenchOutput[],
): { lua: Array<string | undefined>; notes: string[] } {
  const lua = outs.map((o) => (o.lua || o.step ? undefined : o.header?.lua));
  const notes: string[] = [];
  const headed = outs.flatMap((o, k) =>
    lua[k] ? [`run ${k + 1}: ${JSON.stringify(o.header!.line.slice(0, 80))}`] : [],
  );
  const quoted = `${headed.slice(0, QUOTED).join(', ')}${headed.length > QUOTED ? `, and ${headed.length - QUOTED} more` : ''}`;
  if (headed.length === 1)
    notes.push(
      `${path}: a run's command does not name its script: it is read from the line before the run that names one (${quoted})`,
    );
  else if (headed.length)
    notes.push(
      `${path}: the commands of ${headed.length} runs do not name their script: each is read from the line before its run that names one (${quoted})`,
    );
  for (const group of loopGroups(outs)) {
    const first = outs[group[0]!]!;
    const word = first.unresolvedWords?.['the script'];
    if (word === undefined || group.every((k) => lua[k])) continue;
    const runs = group.filter((k) => !outs[k]!.step);
    const found = scriptsOfLoop(
      first.commandLine!,
      first.unresolvedWords!,
      runs.map((k) => ({
        threads: outs[k]!.threads,
        queries: outs[k]!.stats?.queries,
        transactions: outs[k]!.stats?.transactions?.count,
      })),
      /^(on|true|yes)$/i.test(first.options['skip-trx'] ?? first.options.skip_trx ?? 'off'),
    );
    const clash =
      'scripts' in found ? runs.findIndex((k, i) => lua[k] !== undefined && lua[k] !== found.scripts[i]) : -1;
    if ('scripts' in found && clash < 0) {
      runs.forEach((k, i) => (lua[k] ??= found.scripts[i]));
      notes.push(
        `${path}: the command names its script by a shell variable (${word}); the loop's list gives each run's script in order (${segments(runs, found.scripts)}), as the runs confirm (${found.confirmedBy})`,
      );
      continue;
    }
    const why =
      'why' in found
        ? found.why
        : `run ${runs[clash]! + 1}'s header names ${lua[runs[clash]!]} where the loop's order gives ${found.scripts[clash]}`;
    const unnamed = runs.filter((k) => !lua[k]).length;
    notes.push(
      `${path}: the command names its script by a shell variable (${word}), which the output does not resolve (sysbench does not print its script's name) and the loop's order cannot (${why}), so ${unnamed === 1 ? 'the test of a run is' : `the tests of ${unnamed} runs are`} named after the file`,
    );
  }
  // A command of its own that names its script by a variable (`$ sysbench $s --threads=8 run`), no loop shown.
  const alone = outs.filter(
    (o, k) => !lua[k] && !o.step && o.unresolved?.includes('the script') && !isLoop(o.commandLine!),
  );
  if (alone.length)
    notes.push(
      `${path}: the command names its script by a shell variable (${alone[0]!.unresolvedWords!['the script']}), which the output does not resolve (sysbench does not print its script's name), so ${alone.length === 1 ? 'its test is' : 'its tests are'} named after the file`,
    );
  return { lua, notes };
}

/**
 * The runs each loop ran: a run whose own lines show a loop, and the runs after it that show no command of
 * their own (`fromLoopAbove`).
 */
function loopGroups(outs: SysbenchOutput[]): number[][] {
  const groups: number[][] = [];
  outs.forEach((o, k) => {
    if (o.fromLoopAbove && groups.length) groups[groups.length - 1]!.push(k);
    else if (!o.fromLoopAbove && o.commandLine && isLoop(o.commandLine)) groups.push([k]);
  });
  return groups;
}

/** `oltp_read_only.lua for runs 1 to 4, oltp_point_select.lua for runs 5 to 8`: runs numbered in their file. */
function segments(runs: number[], scripts: string[]): string {
  const out: string[] = [];
  let from = 0;
  for (let i = 1; i <= runs.length; i++) {
    if (i < runs.length && scripts[i] === scripts[from]) continue;
    const [a, b] = [runs[from]! + 1, runs[i - 1]! + 1];
    out.push(`${scripts[from]} for ${a === b ? `run ${a}` : `runs ${a} to ${b}`}`);
    from = i;
  }
  return out.join(', ');
}
