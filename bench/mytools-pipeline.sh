#!/usr/bin/env bash
# The mytools summary pipeline over finished sysbench result directories, as the harness runs it: for each test
# the op rate taken from sysbench's output and an.sh (iostat and vmstat per operation: sb.met.*) as run.sh
# calls them after a test, then sum_qps_csv.sh (QPS tables, TSV and CSV) and sum_met.sh (sb.met side by side)
# as in sysbench/PROVENANCE.md inside tests/fixtures/realruns/sysbench.tar.gz. The mytools scripts are not part of
# benchsite: the first argument is the directory holding them (bench/sysbench.lua of a mytools checkout).
# Usage (in a scratch copy, since the scripts write beside the results): mytools-pipeline.sh <mytools dir> <x.*>...
set -u
M=$1
shift
for d in "$@"; do
  (
    cd "$d" || exit 1
    for o in sb.o.*; do
      sfxn=${o#sb.o.}
      if [[ $sfxn == scan.* ]]; then
        # run.sh: rows per second for scan (this sysbench prints its elapsed time as "total time:")
        nsecs=$(grep "total time:" "sb.o.$sfxn" | awk '{ print $3 }' | sed 's/s$//')
        qps=$(echo 20000 1 "$nsecs" | awk '{ printf "%.3f", ($1 * $2) / $3 }')
      else
        qps=$(grep queries: "sb.o.$sfxn" | awk '{ print $3 }' | tr -d '(')
      fi
      bash "$M/an.sh" "sb.io.$sfxn" "sb.vm.$sfxn" vda "$qps" 2 >"sb.met.$sfxn"
    done
    for o in sb.prepare.o.*; do
      sfx=${o#sb.prepare.o.}
      bash "$M/an.sh" "sb.prepare.io.$sfx" "sb.prepare.vm.$sfx" vda 20000 2 >"sb.prepare.met.$sfx"
    done
  )
done
bash "$M/sum_qps_csv.sh" all 0 "$@"
bash "$M/sum_qps_csv.sh" all 1 "$@"
bash "$M/sum_met.sh" sb.met "$1" 1 "${@:2}" >o.met.all 2>&1
