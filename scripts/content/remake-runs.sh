#!/usr/bin/env bash
# Re-make every committed run under content/runs with the CLI, into <out> (default: a temporary folder), and
# compare it with the committed tree. The commands are the ones each content/meta file names ("Used as").
# Usage: scripts/content/remake-runs.sh [<out>]    exit 0 when the trees are identical, 1 with the differences.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
out=${1:-$(mktemp -d)/runs}
rm -rf "$out"; mkdir -p "$out"
b() { node bin/benchsite.js "$@" --out "$out" >/dev/null; }
P=tests/fixtures/published
M=content/meta
A=tests/fixtures/mytools/bench/arc
for t in sysbench ibench hammerdb; do b harvest tests/fixtures/realruns/$t.tar.gz --meta $M/vm.yaml; done
b import $P/hammerdb-tprocc-48core-2026-02-15.csv $P/hammerdb-tprocc-48core-2026-02-15-system.csv --meta $M/ax162s-2026-02-15-hammerdb.yaml
b import $P/hammerdb-tprocc-8core-2026-03-16.csv --meta $M/pn53-2026-03-16-hammerdb.yaml
b import $A/jan26.tprocc.pn53.pg --meta $M/pn53-2026-02-14-hammerdb-postgres.yaml
b import $A/mar26.pn53.sb.my --meta $M/pn53-2026-03-sysbench-mysql.yaml
b import $A/apr26.sb.hetz --meta $M/ax162s-2026-04-sysbench.yaml
b import $A/apr26.pn53.sb.ma.latin --meta $M/pn53-2026-04-05-sysbench-mariadb.yaml
b import $P/insert-benchmark-postgres-24-core-2026-01-22-relative-to-pg1222.csv --base pg1222_o2nofp.cx10a_c24r64 --meta $M/24-core-2026-01-22-insert-benchmark-postgres.yaml
b import $P/insert-benchmark-postgres-32-core-2026-01-22-relative-to-pg1222.csv --base pg1222_o2nofp.cx10a_c32r128 --meta $M/32-core-2026-01-22-insert-benchmark-postgres.yaml
for s in 24-core-2026-04-07 32-core-2026-04-08; do
  for k in cpu io; do
    b import $P/insert-benchmark-mariadb-${s}-${k}-bound-relative-to-10.2.30.csv --base "MariaDB 10.2.30" --meta $M/${s}-insert-benchmark-mariadb-${k}.yaml
  done
done
for k in cpu io; do
  b import $P/insert-benchmark-binlog-32-core-2026-03-18-${k}-bound-relative-to-z12b_sync.csv --base z12b_sync --meta $M/32-core-2026-03-18-insert-benchmark-binlog-${k}.yaml
  b import $P/insert-benchmark-binlog-pn53-2026-02-17-${k}-bound-all-versions-relative-to-z12b.csv \
    $P/insert-benchmark-binlog-pn53-2026-02-17-${k}-bound-sync-only-relative-to-z12b_sync.csv \
    --base ma120300_rel_withdbg.cz12b_c8r32 --base ma120300_rel_withdbg.cz12b_sync_c8r32 --meta $M/pn53-2026-02-17-insert-benchmark-binlog-${k}.yaml
done
b import $P/sysbench-binlog-pn53-2026-02-16-relative-to-z12b.csv $P/sysbench-binlog-pn53-2026-02-16-relative-to-z12b_sync.csv \
  --base z12b --base z12b_sync --meta $M/pn53-2026-02-16-sysbench-binlog.yaml
b import $P/sysbench-mysql-5.6-to-9.7-pn53-2026-04-09-relative-to-{5.6.51,5.7.44,8.0.28,8.0.45,8.4.8}.csv \
  --base 5.6.51 --base 5.7.44 --base 8.0.28 --base 8.0.45 --base 8.4.8 --meta $M/pn53-2026-04-09-sysbench-mysql.yaml
b import $P/sysbench-mysql-9.7.0-pn53-2026-04-10-relative-to-8.4.8.csv --base 8.4.8 --meta $M/pn53-2026-04-10-sysbench-mysql-9.7.yaml
b import $P/sysbench-postgres-19beta1-ser7-2026-06-09-relative-to-17.10.csv --base "Postgres 17.10" --meta $M/ser7-2026-06-09-sysbench-postgres.yaml
echo "re-made $(find "$out" -name run.json | wc -l) runs in $out"
if diff -r content/runs "$out" >/dev/null; then echo "identical to content/runs"; else diff -rq content/runs "$out" | head -50; exit 1; fi
