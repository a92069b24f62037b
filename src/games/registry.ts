import { UserError } from '../contracts/errors.js';
import type { GameDef } from './game-def.js';

export type { GameDef, UndoCheck } from './game-def.js';

/**
 * The one list of games on this bot. The entry points build it from src/games/installed.ts
 * (and tests from whatever games they play); maps, /game new, help and the commands'
 * options all derive from it.
 */
export class GameRegistry {
  private readonly byId = new Map<string, GameDef>();

  /** Each game as configured for this machine (`env`: an owner's chart override file, say). */
  constructor(defs: readonly GameDef[], env: Readonly<Record<string, string | undefined>> = {}) {
    for (const def of defs) {
      if (this.byId.has(def.id)) throw new Error(`Two games are registered as "${def.id}".`);
      this.byId.set(def.id, def.configure ? def.configure(env) : def);
    }
  }

  get(id: string): GameDef | undefined {
    return this.byId.get(id);
  }

  all(): GameDef[] {
    return [...this.byId.values()];
  }

  /** The game, or a refusal naming the games there are. */
  require(id: string): GameDef {
    const def = this.get(id);
    if (def) return def;
    const known = this.all().map((g) => g.id);
    throw new UserError(`There is no game "${id}" here. ${known.length ? `Games: ${known.join(', ')}.` : 'No game is installed yet.'}`);
  }

  /**
   * The game a stored document was played as, on the charts it was played with (documents
   * from before charts were recorded play on today's). Refused clearly when this bot does
   * not have those charts: replaying on others would roll different results.
   */
  forGame(game: { game: string; charts?: string | undefined }): GameDef {
    const def = this.require(game.game);
    if (game.charts === undefined || game.charts === def.charts) return def;
    const other = def.withCharts?.(game.charts);
    if (other) return other;
    throw new UserError(
      `This ${def.name} game was played with charts "${game.charts}", which this bot does not have (it plays with "${def.charts}"). ` +
        'It can be exported or ended here, but not continued, undone or verified until the bot has those charts again ' +
        '(an owner of them sets the chart override file and restarts the bot).',
    );
  }
}
