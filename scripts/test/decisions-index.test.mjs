import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProblems, readIndex, readRecords } from '../lib/decisions.mjs';

const dir = path.resolve(import.meta.dirname, '../../docs/decisions');

describe('the index of decision records (docs/decisions/README.md)', () => {
  it('lists every record with its title and the status the record states', () => {
    const records = readRecords(dir);
    expect(records.length).toBeGreaterThan(40);
    expect(indexProblems(records, readIndex(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')))).toEqual(
      [],
    );
  });

  it('names a record missing from the index, a status that disagrees and a successor that is not there', () => {
    const records = [
      { number: '0001', file: '0001-a.md', title: 'A', status: 'accepted' },
      { number: '0002', file: '0002-b.md', title: 'B', status: 'superseded by 0003' },
      { number: '0004', file: '0004-d.md', title: 'D', status: 'superseded by 0009' },
      { number: '0005', file: '0005-e.md', title: 'E', status: null },
    ];
    const index = readIndex(
      [
        '| Record | Title | Status |',
        '| --- | --- | --- |',
        '| 0001 | [A](0001-a.md) | accepted |',
        '| 0002 | [B](0002-b.md) | accepted |',
        '| 0004 | [D](0004-d.md) | superseded by 0009 |',
        '| 0005 | [E](0005-e.md) | accepted |',
        '| 0006 | [F](0006-f.md) | accepted |',
      ].join('\n'),
    );
    expect(
      indexProblems(
        [...records, { number: '0007', file: '0007-g.md', title: 'G', status: 'accepted' }],
        index,
      ),
    ).toEqual([
      '0002: the index says accepted, the record says superseded by 0003',
      '0002-b.md: superseded by 0003, which does not exist',
      '0004-d.md: superseded by 0009, which does not exist',
      '0005-e.md: no "Status: accepted" or "Status: superseded by NNNN" line',
      '0007-g.md: missing from docs/decisions/README.md',
      '0006: in the index but no such record',
    ]);
  });
});
