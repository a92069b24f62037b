import { describe, expect, it } from 'vitest';
import { parseBatch } from '../../src/dispatch/order-lines.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';

const typhoon = INSTALLED_GAMES.find((g) => g.id === 'operation-typhoon')!;

/** Order files read like files: comments end at the line's end, refusals name the file's line. */
describe('a batch of orders as text', () => {
  it('ends a # comment at the end of its line, whatever it holds (a ; splits nothing there)', () => {
    const parsed = parseBatch(
      typhoon,
      '# front: 2146 unwatched; 2045 -> 2146\nmove force:1413 to:1611 # the push; then wait\nmove force:1514 to:1612',
    );
    expect(parsed.lines.map((l) => [l.n, l.at, l.text])).toEqual([
      [1, 2, 'move force:1413 to:1611'],
      [2, 3, 'move force:1514 to:1612'],
    ]);
  });

  it('still splits a line into orders at ; outside a comment; a one-line text names its orders by number', () => {
    const one = parseBatch(typhoon, 'move force:1413 to:1611; move force:1514 to:1612 # both');
    expect(one.lines.map((l) => [l.n, l.at])).toEqual([
      [1, undefined],
      [2, undefined],
    ]);
    expect(() => parseBatch(typhoon, 'move force:1413 to:1611; march force:1413')).toThrow(/^Line 2 \(“march force:1413”\)/);
    const file = parseBatch(typhoon, '# two on a line\nmove force:1413 to:1611; move force:1514 to:1612');
    expect(file.lines.map((l) => [l.n, l.at])).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('refuses naming the line of the text and quoting it, comments and blank lines counted', () => {
    expect(() => parseBatch(typhoon, '# turn 1\n\nmove force:1413 to:1611\nmarch force:1413')).toThrow(
      /^Line 4 \(“march force:1413”\): Operation Typhoon has no \/march/,
    );
  });
});
