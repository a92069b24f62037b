import { postToChannel } from '../app/channel-poster.js';
import { sessions } from '../session/index.js';
import { BallotStore } from './ballot-store.js';
import { realClock, type VoteClock } from './clock.js';
import { VoteService } from './vote-service.js';

let service: VoteService | undefined;

/**
 * The vote service over the shared sessions' store. Front ends call `resumeBallots()` at
 * start-up so open ballots close on time after a restart; tests pass a ManualClock.
 */
export function configureVotes(clock: VoteClock = realClock): VoteService {
  service?.stop();
  const games = sessions();
  service = new VoteService(games, new BallotStore(games.store.keyv), clock, (channelId, reply) => postToChannel(channelId, reply));
  return service;
}

export function votes(): VoteService {
  if (!service || service.sessions !== sessions()) service = configureVotes(service?.clock ?? realClock);
  return service;
}

/** Re-arm every open ballot's deadline; returns how many. */
export async function resumeBallots(clock?: VoteClock): Promise<number> {
  return (clock ? configureVotes(clock) : votes()).resume();
}

export function stopVotes(): void {
  service?.stop();
  service = undefined;
}

export { ManualClock, realClock, type VoteClock } from './clock.js';
export { eligibleVoters, VoteService } from './vote-service.js';
export { VOTE_LIMITS, voteSettings, voteSettingsSchema } from './vote-settings.js';
