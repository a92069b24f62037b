import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/votes/index.js';
import { consoleRunner } from '../helpers/console-runner.js';

/** Vote play from the local console: /as switches who types, /press votes, the clock is driven by hand. */
describe('vote play in the console', () => {
  it('proposes, votes from two seats, and prints the result of a ballot that times out', async () => {
    const clock = new ManualClock();
    const { run, printed, close } = consoleRunner({ channelId: 'vote-console', voteClock: clock });
    await run('/game new game:operation-typhoon mode:vote seed:21');
    for (const who of ['bob', 'carl', 'dora']) {
      await run(`/as ${who}`);
      expect(await run('/game join')).toMatch(new RegExp(`${who} joined`));
    }
    await run('/as console');
    const proposal = await run('/setup done');
    expect(proposal).toMatch(/\*\*Proposal #1\*\* by console: Start the game/);
    expect(proposal).toMatch(/\[1\] #1 Start the game\s+\(\/press N\)/);
    await run('/as bob');
    // The ballot message shows the tally (updated in place), then the voter hears privately what the vote did.
    const voted = await run('/press 1');
    expect(voted).toMatch(/^\(updated\) \*\*Ballot\*\* on version 0: 2 of 4 voted/);
    expect(voted).toMatch(/\(only you\) Your vote: #1\. .*2 of 4 voted/);
    // Two of four is no majority: the ballot waits for its deadline.
    clock.advance(121_000);
    // The result is printed by the ballot's own timer, not in answer to a line.
    await vi.waitFor(() => expect(printed.join('\n')).toMatch(/Ballot closed \(time is up\)[\s\S]*Carried out: #1/), { timeout: 15_000 });
    expect(await run('/game status')).toMatch(/version 1\b/);
    await close();
  });
});
