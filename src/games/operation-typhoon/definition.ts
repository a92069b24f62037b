/**
 * Operation Typhoon as the session layer sees it: engine, input schemas, the picture and the
 * phone-sized status. Registered in src/games/catalogue.ts.
 */
import { z } from 'zod';
import type { GameDef } from '../registry.js';
import { turnSpec } from './charts/index.js';
import { Play } from './context.js';
import { victoryPoints } from './control.js';
import { typhoonEngine } from './index.js';
import { describeProposal, formationsOf } from './proposals.js';
import { focusHexes, typhoonScene } from './scene.js';
import { type TyphoonAction, type TyphoonOptions, type TyphoonState, typhoonActionSchema, typhoonOptionsSchema } from './state.js';

const hex = z.string().regex(/^\d{4}$/);
/** Structural check of a stored state, so a damaged document is set aside instead of played. */
export const typhoonStateSchema = z
  .object({
    game: z.literal('operation-typhoon'),
    schema: z.literal(1),
    scenario: z.enum(['historical', 'clenched-fist']),
    turn: z.number().int().min(1).max(8),
    phase: z.enum(['setup', 'movement', 'over']),
    dice: z.object({ seed: z.number().int(), state: z.number().int(), rolls: z.number().int().nonnegative() }),
    taken: z.array(hex),
    units: z.record(z.string(), z.object({ hex, steps: z.union([z.literal(1), z.literal(2)]) })),
    done: z.array(z.string()),
    airAvailable: z.number().int().min(0).max(2),
    airWith: z.array(z.array(z.string())),
    active: z.unknown(),
    battle: z.unknown(),
    pool: z.array(z.string()),
    destroyed: z.array(z.string()),
    pocketTally: z.number().int().nonnegative(),
    undoable: z.boolean(),
  })
  .passthrough();

export function typhoonStatus(s: TyphoonState): string {
  const engine = typhoonEngine();
  const spec = turnSpec(engine.index.charts, s.turn);
  const play = new Play(engine.index, s);
  const lines = [`Turn ${s.turn}/8 · ${spec.label} (${spec.dates}) · ${s.scenario === 'clenched-fist' ? 'Clenched Fist' : 'historical'}`];
  lines.push(`VP ${victoryPoints(play)} · pocket hexes ${s.pocketTally} · hexes taken ${s.taken.length} · Luftwaffe ${s.airAvailable}`);
  const next =
    spec.victoryCheck === 'pocket'
      ? 'this turn: 200 pocket hexes (4.2)'
      : spec.victoryCheck === 'front-integrity'
        ? 'this turn: front integrity (4.3)'
        : spec.victoryCheck === 'vp'
          ? 'this turn: 16 VP and nothing Soviet west of column 29 (4.4)'
          : 'hold a Moscow hex to win (4.5)';
  if (s.phase !== 'over') lines.push(`Victory check ${next}`);
  if (s.result) lines.push(`Result: ${s.result.winner === 'german' ? 'German' : 'Soviet'} victory (${s.result.reason})`);
  return lines.join('\n');
}

export const typhoonGame: GameDef<TyphoonState, TyphoonAction, TyphoonOptions> = {
  id: 'operation-typhoon',
  name: 'Operation Typhoon',
  summary: 'Solitaire: you command Army Group Centre; the rules raise the Soviet defence (World at War #65; map and charts reconstructed).',
  map: 'operation-typhoon',
  get engine() {
    return typhoonEngine();
  },
  actionSchema: typhoonActionSchema as z.ZodType<TyphoonAction>,
  stateSchema: typhoonStateSchema,
  newOptionsSchema: typhoonOptionsSchema.omit({ seed: true }),
  scenarios: [
    { id: 'historical', name: 'Historical (1 Oct 1941)' },
    { id: 'clenched-fist', name: 'Clenched Fist (13.0)' },
  ],
  scene: (s, events) => typhoonScene(typhoonEngine().index, s, events),
  status: typhoonStatus,
  zoomHexes: (events, s) => focusHexes(s, events),
  undo: (s) => (s.undoable ? { allowed: true } : { allowed: false, reason: 'the last order rolled dice, took a hex or ended the phase' }),
  get formations() {
    return typhoonEngine().index.charts.formations.map((f) => ({ id: f.id, name: f.name }));
  },
  formationsOf: (s, action) => formationsOf(typhoonEngine().index, s, action),
  describeProposal: (s, action) => describeProposal(typhoonEngine().index, s, action),
  // 10.5: fight on or fall back.
  quickDecision: (s) => s.battle !== undefined && s.battle !== null,
};
