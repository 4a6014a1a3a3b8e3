// The decision records (docs/decisions/NNNN-name.md) and their index (docs/decisions/README.md).
import fs from 'node:fs';
import path from 'node:path';

const STATUS = /^Status: (accepted|superseded by (\d{4}))\b/m;

/** Each record's number, file, title and status as the record itself states them. */
export function readRecords(dir) {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const number = file.slice(0, 4);
      const heading = /^# (\d{4})\s*(?:—\s*)?(.+)$/m.exec(text);
      const status = STATUS.exec(text);
      return {
        number,
        file,
        title: heading && heading[1] === number ? heading[2].trim() : null,
        status: status ? status[1] : null,
      };
    });
}

/** The index's rows: `| 0001 | [Title](0001-name.md) | accepted |`. */
export function readIndex(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    const m = /^\|\s*(\d{4})\s*\|\s*\[(.+)\]\((\d{4}-[^)]+\.md)\)\s*\|\s*([^|]+?)\s*\|\s*$/.exec(line);
    if (m) rows.push({ number: m[1], title: m[2], file: m[3], status: m[4] });
  }
  return rows;
}

/** What disagrees between the records and the index, one sentence each. */
export function indexProblems(records, rows) {
  const problems = [];
  for (const r of records) {
    if (!r.title) problems.push(`${r.file}: its first line is not "# ${r.number} Title"`);
    if (!r.status) problems.push(`${r.file}: no "Status: accepted" or "Status: superseded by NNNN" line`);
    const row = rows.find((x) => x.number === r.number);
    if (!row) {
      problems.push(`${r.file}: missing from docs/decisions/README.md`);
      continue;
    }
    if (row.file !== r.file)
      problems.push(`${r.number}: the index links ${row.file}, the record is ${r.file}`);
    if (r.title && row.title !== r.title)
      problems.push(`${r.number}: the index says "${row.title}", the record "${r.title}"`);
    if (r.status && row.status !== r.status)
      problems.push(`${r.number}: the index says ${row.status}, the record says ${r.status}`);
    const successor = /^superseded by (\d{4})$/.exec(r.status ?? '');
    if (successor && !records.some((x) => x.number === successor[1]))
      problems.push(`${r.file}: superseded by ${successor[1]}, which does not exist`);
  }
  for (const row of rows)
    if (!records.some((r) => r.number === row.number))
      problems.push(`${row.number}: in the index but no such record`);
  return problems;
}
