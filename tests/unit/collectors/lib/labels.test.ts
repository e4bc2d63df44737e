import { describe, expect, it } from 'vitest';
import { decodeLabel, encodeBuildName } from '../../../../collectors/lib/labels.ts';

describe('decodeLabel (docs/formats/cross-cutting.md 5.3)', () => {
  it.each([
    [
      'x.my8043_rel_o2nofp.z12a_c8r32.pk1',
      {
        product: 'mysql',
        version: '8.0.43',
        build: 'rel_o2nofp',
        buildName: 'my8043_rel_o2nofp',
        short: 'my8043',
        config: 'z12a_c8r32',
        serverClass: 'c8r32',
        primaryKey: true,
      },
    ],
    [
      'pg1222_o2nofp.cx10a_c24r64',
      { product: 'postgres', version: '12.22', build: 'o2nofp', config: 'cx10a_c24r64', serverClass: 'c24r64' },
    ],
    [
      'ma120300_rel_withdbg.cz12b_c8r32',
      { product: 'mariadb', version: '12.3.0', build: 'rel_withdbg', config: 'cz12b_c8r32', serverClass: 'c8r32' },
    ],
    ['x.ma110806_rel_withdbg.z12b_c32r128.pk1', { product: 'mariadb', version: '11.8.6', serverClass: 'c32r128' }],
    [
      'x.pg1518.cy1.pk1',
      { product: 'postgres', version: '15.18', short: 'pg1518', config: 'cy1', serverClass: undefined },
    ],
    ['x.ma101119.cy2.pk1', { product: 'mariadb', version: '10.11.19', config: 'cy2' }],
    ['x.pg1023_o2nofp.x10a_c32r128.pk1', { product: 'postgres', version: '10.23' }],
    ['pg19b1_o2nofp.cx10b_c8r32', { product: 'postgres', version: '19beta1', short: 'pg19b1' }],
    ['pg181', { product: 'postgres', version: '18.1', config: undefined }],
    ['pg1110', { product: 'postgres', version: '11.10' }],
    ['my5651_rel_o2nofp', { product: 'mysql', version: '5.6.51' }],
    ['my9500_rel_o2nofp', { product: 'mysql', version: '9.5.0' }],
    ['ma1186', { product: 'mariadb', version: '11.8.6' }],
    ['fbmy5635_202203072101.cza1', { product: 'fb-mysql', version: '5.6.35', build: '202203072101' }],
    ['my8022.cx6d', { product: 'mysql', version: '8.0.22', config: 'cx6d' }],
    ['rx56.cx6a', { product: 'myrocks', version: '5.6', engine: 'rocksdb' }],
    ['pgo17.cx10a', { product: 'orioledb', version: undefined }],
    // OrioleDB's patched PostgreSQL (bench/arc/dec24.orioledb.48core): patch set 5 for PostgreSQL 17.
    [
      'x.pg_oriole_patches17_5_o2nofp.x10a_oriole_c32r128.pk1',
      {
        product: 'orioledb',
        version: '17',
        build: 'patches17_5_o2nofp',
        short: 'oriole_patches17_5',
        config: 'x10a_oriole_c32r128',
        serverClass: 'c32r128',
        primaryKey: true,
      },
    ],
    ['point-query', { product: undefined, version: undefined }],
  ])('%s', (label, expected) => {
    const d = decodeLabel(label) as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(expected)) expect(d[k], k).toEqual(v);
  });

  it('strips the c that Insert Benchmark directory names put before the config', () => {
    expect(decodeLabel('pg1518.ccy1', { configHasCPrefix: true }).config).toBe('cy1');
  });
});

describe('encodeBuildName: the short build codes of the posts, back from product and version', () => {
  it.each([
    ['postgres', '15.20', 'pg1520'],
    ['postgres', '18.1', 'pg181'],
    ['postgres', '12.22', 'pg1222'],
    ['postgres', '19beta1', 'pg19b1'],
    ['mysql', '8.4.8', 'my8408'],
    ['mysql', '5.6.51', 'my5651'],
    ['mysql', '9.6.0', 'my9600'],
    ['mariadb', '10.11.19', 'ma101119'],
    ['mariadb', '11.8.6', 'ma110806'],
    ['mariadb', '12.3.0', 'ma120300'],
  ] as const)('%s %s -> %s, which decodes back', (product, version, code) => {
    expect(encodeBuildName(product, version)).toBe(code);
    expect(decodeLabel(code)).toMatchObject({ product, version });
  });

  it('gives nothing it could not decode again', () => {
    expect(encodeBuildName('postgres', '15.2.1')).toBeUndefined();
    expect(encodeBuildName('mongodb', '8.0.1')).toBeUndefined();
    expect(encodeBuildName('mysql', 'unknown')).toBeUndefined();
  });
});
