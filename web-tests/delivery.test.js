// The blind player's page's model of his screen reader's queue (src/server/web/assets/
// delivery.js), on a clock of the test's own: which lines a key cuts off, what is said again
// and in what order, what is never said twice. The page's module itself, imported as is.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Delivery, COALESCE_MS } from '../src/server/web/assets/delivery.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A delivery on a clock the test moves; `written` is the live region's lines. */
function setup() {
  const clock = { now: 0 };
  const written = [];
  const d = new Delivery({
    write: (text) => written.push(text),
    join: (parts) => parts.join(' '),
    again: (texts) => `Meanwhile: ${texts.join(' ')}`,
    rate: () => 10, // 10 ms a character: a 30-character line lasts 550 ms with its pause
    now: () => clock.now,
    gapMs: 0, // the spacing of lines is its own test
  });
  return { d, clock, written };
}

/** Lets the coalescing timer run (the test's clock stands still meanwhile). */
const flushed = () => sleep(COALESCE_MS + 20);

describe('the model of the screen reader\'s queue', () => {
  it('a line said to its end before the next key is not said again', async () => {
    const { d, clock, written } = setup();
    d.tell('1, Black: pawn e5.', { important: true });
    await flushed();
    clock.now = 5000; // long after its end
    d.interrupt();
    assert.equal(d.hasMissed(), false);
    d.tell('answer');
    await flushed();
    assert.deepEqual(written, ['1, Black: pawn e5.', 'answer']);
  });

  it('a line a key cuts off is said again before the next answer, once', async () => {
    const { d, clock, written } = setup();
    d.tell('1, Black: pawn e5.', { important: true });
    await flushed();
    clock.now = 100; // while it is being said
    d.interrupt();
    assert.equal(d.hasMissed(), true);
    d.tell('answer');
    await flushed();
    assert.deepEqual(written, ['1, Black: pawn e5.', 'Meanwhile: 1, Black: pawn e5. answer']);
    clock.now = 10000;
    d.interrupt();
    d.tell('next');
    await flushed();
    assert.equal(written.at(-1), 'next');
  });

  it('a repetition cut off again is not said a third time', async () => {
    const { d, clock, written } = setup();
    d.tell('1, Black: pawn e5.', { important: true });
    await flushed();
    clock.now = 100;
    d.interrupt();
    d.tell('answer');
    await flushed();
    clock.now = 200; // he types on while the repetition is said
    d.interrupt();
    assert.equal(d.hasMissed(), false);
    assert.deepEqual(written, ['1, Black: pawn e5.', 'Meanwhile: 1, Black: pawn e5. answer']);
  });

  it('a line queued behind a long answer is cut off even if the key comes seconds later', async () => {
    const { d, clock, written } = setup();
    d.tell('x'.repeat(600)); // a long answer: 6.25 s at this rate
    await flushed();
    clock.now = 2000;
    d.tell('2, Black: knight c6.', { important: true });
    await flushed();
    clock.now = 6000; // the answer is still being said: the move never began
    d.interrupt();
    assert.equal(d.hasMissed(), true);
    d.sayMissed();
    assert.equal(written.at(-1), 'Meanwhile: 2, Black: knight c6.');
  });

  it('what is told together is one line, in the order told', async () => {
    const { d, written } = setup();
    d.tell('7, White: knight d5, mate.', { important: true });
    d.tell('Game over: checkmate. White wins.', { important: true });
    await flushed();
    assert.deepEqual(written, ['7, White: knight d5, mate. Game over: checkmate. White wins.']);
  });

  it('unimportant lines are never said again; a focus change counts as a key', async () => {
    const { d, clock, written } = setup();
    d.tell('e4 white pawn');
    await flushed();
    clock.now = 10;
    d.interrupt(2000); // the focus moved: the reader reads the new control for 2 s
    assert.equal(d.hasMissed(), false);
    d.tell('1, Black: pawn e5.', { important: true });
    await flushed();
    clock.now = 1500; // still reading the control: the move waits behind it
    d.interrupt();
    assert.equal(d.hasMissed(), true);
    assert.equal(written.length, 2);
  });

  it('a line told soon after another waits for the gap, and what waits is one line', async () => {
    const written = [];
    const clock = { now: 0 };
    const d = new Delivery({
      write: (text) => written.push(text),
      join: (parts) => parts.join(' '),
      again: (texts) => `Meanwhile: ${texts.join(' ')}`,
      rate: () => 10,
      now: () => clock.now,
      gapMs: 200,
    });
    d.tell('6, White: bishop d2.');
    await flushed();
    d.tell('6, Black: bishop takes c3.', { important: true });
    d.tell('check');
    await flushed();
    assert.deepEqual(written, ['6, White: bishop d2.'], 'written before the gap');
    await sleep(250);
    assert.deepEqual(written, ['6, White: bishop d2.', '6, Black: bishop takes c3. check']);
  });

  it('"nochmal" drops what was cut off: the answer says the move anyway', async () => {
    const { d, clock } = setup();
    d.tell('1, Black: pawn e5.', { important: true });
    await flushed();
    clock.now = 10;
    d.interrupt();
    d.dropMissed();
    assert.equal(d.hasMissed(), false);
  });
});
