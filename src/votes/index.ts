export { ManualClock, realClock, type VoteClock } from './clock.js';
export { VoteService } from './vote-service.js';
export { VOTE_LIMITS, voteSettings, voteSettingsSchema } from './vote-settings.js';
export { eligibleVoters } from './voters.js';
