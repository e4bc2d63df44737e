import { describe, expect, it } from 'vitest';
import { finishedSteps, parseJournal, stepTimes, unfinishedSteps } from '../../../../collectors/lib/journal.ts';

const at = (s: number) => `2026-11-22T03:00:${String(s).padStart(2, '0')}.000Z`;
const lines = [
  { event: 'start', at: at(0), step: 'prepare', files: ['sb.prepare.o.x'] },
  { event: 'done', at: at(1), step: 'prepare', code: 0, seconds: 1 },
  { event: 'start', at: at(2), step: 'test:a', files: ['sb.o.a', 'sb.vm.a', 'sb.io.a'] },
  { event: 'failed', at: at(5), step: 'test:a', code: 1, reason: 'exit code 1' },
  { event: 'start', at: at(6), step: 'test:b', files: ['sb.o.b'] },
  { event: 'interrupted', at: at(7), step: 'test:b', reason: 'lost the connection' },
].map((e) => JSON.stringify(e));

describe('journal', () => {
  const events = parseJournal(`${lines.join('\n')}\n{"event":"start","at":"2026-11-22T03:0`); // last line cut off by a crash

  it('ignores a line cut off by a crash', () => {
    expect(events).toHaveLength(6);
  });

  it('finished steps (done or failed) are not repeated on resume', () => {
    expect([...finishedSteps(events)]).toEqual(['prepare', 'test:a']);
  });

  it('an interrupted step is unfinished, with the files to set aside', () => {
    expect(unfinishedSteps(events)).toEqual([{ step: 'test:b', files: ['sb.o.b'] }]);
    const moved = [...events, { event: 'moved' as const, at: at(9), step: 'test:b', to: 'attempts/x' }];
    expect(unfinishedSteps(moved)).toEqual([]);
  });

  it('gives each step its start and end time', () => {
    expect(stepTimes(events).get('test:a')).toEqual({ startedAt: at(2), endedAt: at(5) });
    expect(stepTimes(events).get('test:b')).toEqual({ startedAt: at(6) });
  });
});

describe('a damaged journal', () => {
  it('leaves out null, garbage and events without their fields, keeping the good lines', () => {
    const text = [
      'null',
      lines[0],
      '42',
      '"start"',
      '[1,2]',
      '{"event":"start"}',
      '{"event":"done","at":"x","step":"prepare","code":0,"seconds":"1"}',
      '{"event":"toString","at":"x","step":"y"}',
      '\u0000\u0001garbage',
      lines[1],
    ].join('\n');
    const events = parseJournal(text);
    expect(events.map((e) => e.event)).toEqual(['start', 'done']);
    expect(stepTimes(events).get('prepare')).toEqual({ startedAt: at(0), endedAt: at(1) });
    expect([...finishedSteps(events)]).toEqual(['prepare']);
  });
});

it('an event whose time is not the ISO time benchsite writes is left out', () => {
  const text = [lines[0], lines[1]!.replace(/"at":"[^"]+"/, '"at":"2026-11-22T03:00:0"'), lines[2]].join('\n');
  expect(parseJournal(text).map((e) => e.event)).toEqual(['start', 'start']);
});
