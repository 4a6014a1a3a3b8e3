import { isAscii } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { escapeNonAscii } from '../../apps/server/build.mjs';

// The compiled server's bundle is written in ASCII so that the launcher reads it as a one-byte
// string (apps/server/build.mjs; docs/decisions/0056-cluster.md, "The bundle in ASCII"). What
// esbuild leaves non-ASCII is in comments and regular expressions: escaped, each means the same.

/** Runs a function body and returns what it returns. */
const run = (body) => new Function(body)();

const SOURCE = String.raw`
  /** A comment with a dash — and 中文; a path C:\é in it. */
  const dialogue = /(吗|谁|哪)$/;      // a question? — ends with one of these
  const stop = /[。？！]$/;
  const identity = /\é/;                 // an escaped é is é
  const slash = /\\é/;                   // a backslash, then é
  const astral = /^[😀-😂]$/u;
  const episode = '第3话'.replace(/^第\d+话/, 'x');
  return [
    dialogue.test('你是谁'), dialogue.test('你好'),
    stop.test('好。'), stop.test('好'),
    identity.test('café'), identity.test('cafe'),
    slash.test('\\é'), slash.test('é'),
    astral.test('😁'), astral.test('😃'),
    episode,
  ];
`;

describe('the compiled bundle in ASCII', () => {
  it('escapes comments and regular expressions into ASCII that means the same', () => {
    const escaped = escapeNonAscii(SOURCE);
    expect(isAscii(Buffer.from(escaped, 'utf8'))).toBe(true);
    expect(escaped).toContain('/(\\u5417|\\u8c01|\\u54ea)$/');
    expect(escaped).toContain('/\\u00e9/;');
    expect(escaped).toContain('/\\\\\\u00e9/;');
    const expected = [true, false, true, false, true, false, true, false, true, false, 'x'];
    expect(run(SOURCE)).toEqual(expected);
    expect(run(escaped)).toEqual(expected);
  });

  it('leaves U+2028 and U+2029 alone, which end a line comment', () => {
    const source = '// a comment\u2028return 1 + 1;';
    expect(run(source)).toBe(2);
    expect(escapeNonAscii(source)).toBe(source);
    expect(run(escapeNonAscii(source))).toBe(2);
  });

  it('leaves ASCII as it is', () => {
    const source = String.raw`return /\u4e2d\\/.test('中\\') && '\u00e9' === 'é';`;
    expect(escapeNonAscii('return 1;')).toBe('return 1;');
    expect(run(escapeNonAscii(source))).toBe(true);
  });
});
