// Tables of the post "HammerDB tproc-c on a large server, Postgres and MySQL" (Small Datum, 2026-02-15, section
// "Results: Postgres 12 to 18", "The relative NOPM values are here"; tests/fixtures/published/README.md),
// transcribed cell for cell: tests compare benchsite's tables with them, so the post is never read at test time.

/** Column order of the post's relative Postgres table. */
export const POST_2026_02_15_PG_COLUMNS = ['pg1222', 'pg1323', 'pg1420', 'pg1515', 'pg1611', 'pg177', 'pg181'] as const;

/** Relative NOPM (NOPM / NOPM of pg1222), as printed in the post with 3 decimals, by row `vu=V, wh=W`. */
export const POST_2026_02_15_PG_RELATIVE: Record<string, string[]> = {
  'vu=10, wh=1000': ['1.000', '1.000', '1.054', '1.042', '1.004', '1.010', '0.968'],
  'vu=20, wh=1000': ['1.000', '1.035', '1.037', '1.028', '1.028', '1.001', '0.997'],
  'vu=40, wh=1000': ['1.000', '1.040', '0.988', '1.000', '1.027', '0.998', '0.970'],
  'vu=10, wh=2000': ['1.000', '1.026', '1.059', '1.075', '1.068', '1.081', '1.029'],
  'vu=20, wh=2000': ['1.000', '1.022', '1.046', '1.043', '0.979', '0.972', '0.934'],
  'vu=40, wh=2000': ['1.000', '1.014', '1.032', '1.036', '0.979', '1.010', '0.947'],
  'vu=10, wh=4000': ['1.000', '1.027', '1.032', '1.035', '0.993', '0.998', '0.974'],
  'vu=20, wh=4000': ['1.000', '1.005', '1.049', '1.048', '0.940', '0.927', '0.876'],
  'vu=40, wh=4000': ['1.000', '0.991', '1.019', '0.983', '1.001', '0.979', '0.937'],
};

/** The same post, "Results: MySQL vs Postgres", absolute NOPM of pg181 and my8408. */
export const POST_2026_02_15_PG_VS_MY_ABSOLUTE: Record<string, [string, string]> = {
  'vu=10, wh=1000': ['341688', '155194'],
  'vu=20, wh=1000': ['422397', '281038'],
  'vu=40, wh=1000': ['431648', '435095'],
  'vu=10, wh=2000': ['229549', '110161'],
  'vu=20, wh=2000': ['293627', '190717'],
  'vu=40, wh=2000': ['303403', '307504'],
  'vu=10, wh=4000': ['157872', '89316'],
  'vu=20, wh=4000': ['214309', '152998'],
  'vu=40, wh=4000': ['236986', '229511'],
};
