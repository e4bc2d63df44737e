// The posts' test of a sysbench script and its options: every command `benchsite run` plans (stock scripts,
// and the mytools scripts of --lua-dir) names its own test back, and plain scripts get the posts' names.
import { describe, expect, it } from 'vitest';
import { SYSBENCH_TESTS } from '../../../../benchmarks/sysbench/vocabulary.ts';
import { rangeOfRun, testTypeOfScript } from '../../../../benchmarks/sysbench/scripts.ts';
import { commandOptions } from '../../../../benchmarks/sysbench/command-line.ts';

/** The options of a command line with these arguments, as harvest reads them. */
const optionsOf = (args: string[]) => commandOptions(['sysbench', 'x.lua', ...args, 'run'].join(' ')).options;

describe('testTypeOfScript', () => {
  it("names stock sysbench's scripts with the posts' tests", () => {
    expect(testTypeOfScript('oltp_point_select')).toBe('point-query');
    expect(testTypeOfScript('oltp_read_only')).toBe('read-only');
    expect(testTypeOfScript('oltp_read_write.lua')).toBe('read-write');
    expect(testTypeOfScript('oltp_write_only')).toBe('write-only');
    expect(testTypeOfScript('oltp_update_index')).toBe('update-index');
    expect(testTypeOfScript('oltp_update_non_index')).toBe('update-nonindex');
    expect(testTypeOfScript('oltp_delete')).toBe('delete');
    expect(testTypeOfScript('oltp_insert')).toBe('insert');
    expect(testTypeOfScript('select_random_points')).toBe('random-points');
    expect(testTypeOfScript('/usr/share/sysbench/oltp_point_select.lua')).toBe('point-query');
    // Scripts no test of the posts runs keep their own name (harvest falls back to it).
    expect(testTypeOfScript('bulk_insert')).toBeUndefined();
    expect(testTypeOfScript('select_random_ranges')).toBeUndefined();
    expect(testTypeOfScript('sweep-mariadb-read-only')).toBeUndefined();
  });

  it('tells the tests of one script apart by their options, defaults for the options not given', () => {
    expect(testTypeOfScript('oltp_update_non_index', { 'rand-type': 'zipfian' })).toBe('update-zipf');
    expect(testTypeOfScript('oltp_update_non_index', { 'table-size': '1' })).toBe('update-one');
    expect(testTypeOfScript('oltp_update_non_index', { 'table-size': '1000000' })).toBe('update-nonindex');
    // sysbench's default --simple-ranges=1 need not be given.
    expect(
      testTypeOfScript('oltp_read_only', {
        'point-selects': '0',
        'sum-ranges': '0',
        'order-ranges': '0',
        'distinct-ranges': '0',
      }),
    ).toBe('read-only-simple');
    expect(testTypeOfScript('oltp_read_only', { 'point-selects': '5' })).toBe('read-only');
    expect(testTypeOfScript('oltp_inlist_select.lua', { 'hot-points': 'on' })).toBe('hot-points');
    expect(testTypeOfScript('oltp_inlist_select.lua', {})).toBe('random-points');
    expect(testTypeOfScript('oltp_points_covered.lua', { 'on-id': 'false', covered: 'false' })).toBe(
      'points-notcovered-si',
    );
    expect(testTypeOfScript('oltp_range_covered.lua', { 'on-id': 'off' })).toBe('range-covered-si');
    expect(testTypeOfScript('oltp_scan.lua')).toBe('scan');
  });

  it('every command the run plan makes, stock or mytools, is named back as its test', () => {
    for (const [type, t] of Object.entries(SYSBENCH_TESTS)) {
      const size = t.tableSize === undefined ? [] : [`--table-size=${t.tableSize}`];
      for (const range of [10, 100, 1000]) {
        expect(testTypeOfScript(t.mytoolsLua, optionsOf([...size, ...t.mytoolsArgs(range)])), type).toBe(type);
        if (t.stock)
          expect(testTypeOfScript(t.stock.lua, optionsOf([...size, ...t.stock.args(range)])), type).toBe(type);
      }
    }
  });
});

describe('rangeOfRun', () => {
  it('is --random-points for the tests of points, else --range-size, each with its default', () => {
    expect(rangeOfRun('random-points', { 'range-size': '100', 'random-points': '10' })).toBe(10);
    expect(rangeOfRun('random-points', {})).toBe(10);
    expect(rangeOfRun('read-only', { 'range-size': '10' })).toBe(10);
    expect(rangeOfRun('read-only', {})).toBe(100);
    expect(rangeOfRun(undefined, {})).toBeNaN();
    expect(rangeOfRun(undefined, { 'range-size': '7' })).toBe(7);
  });
});
