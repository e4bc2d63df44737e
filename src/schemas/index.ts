// Every schema of benchsite, in one import.
export * from './common.ts';
export * from './host.ts';
export * from './dbms.ts';
export * from './config.ts';
export * from './workload.ts';
export * from './workloads/sysbench.ts';
export * from './workloads/insert-benchmark.ts';
export * from './workloads/hammerdb.ts';
export * from './system-metrics.ts';
export * from './test.ts';
export * from './result.ts';
export * from './series.ts';
export * from './provenance.ts';
export * from './run.ts';
export * from './meta.ts';
export * from './report.ts';
