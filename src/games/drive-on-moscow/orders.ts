/**
 * Drive on Moscow's orders: how the shared commands (/move, /attack, /odds, /battle, /phase,
 * /replace, /rules, /setup place) and its own (/withdraw, /convert) become its actions, with autocomplete.
 */
import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import type { Choice } from '../../contracts/reply.js';
import type { HexId } from '../../kernel/hex.js';
import { hexOption, type Order, type OrderOptions, offer, orderOptions, unitByName, unitsByName } from '../orders.js';
import { battleChoices } from './battle-choices.js';
import { domBoard } from './board.js';
import { chartText, DOM_CHART_IDS } from './chart-text.js';
import { type DomCharts, SHIPPED_CHARTS } from './charts.js';
import { Ctx } from './context.js';
import { setupHexes, setupUnits } from './free-setup.js';
import { movingGroup, reach } from './movement.js';
import { factorsOf, other, Position } from './position.js';
import { oddsPreview } from './preview.js';
import { entryHexes } from './reinforcements.js';
import { stackOrder } from './scene.js';
import type { DomAction, DomState, Unit } from './state.js';
import { conversionCandidates } from './turns.js';

type DomOrder = Order<DomState, DomAction>;

export const DOM_COMMANDS: Record<string, string> = {
  withdraw: 'Drive on Moscow: withdraw a German unit from the map (9.3)',
  convert: 'Drive on Moscow: turn a Soviet unit into the Guards unit drawn (9.4)',
};

const UNIT_HINT = 'is on the map (names as on the counters: "7 Pz", "RD 012", "GRD 001").';

/** A unit by id, any case and spacing: "7 Pz", "7pz". */
export function findUnit(s: DomState, text: string): string {
  return unitByName(Object.keys(s.units), text, UNIT_HINT);
}
export function findUnits(s: DomState, text: string): string[] {
  return unitsByName(Object.keys(s.units), text, UNIT_HINT);
}

function unitName(u: Unit): string {
  const f = factorsOf(u);
  return u.untried ? `${u.id} (untried)` : f ? `${u.id} ${f[0]}-${f[1]}${u.maxSteps === 2 && u.steps === 1 ? ' reduced' : ''}` : u.id;
}

/** Units of the side to move that may still move, by hex: the stacks autocomplete offers. */
function movers(s: DomState): Unit[] {
  if (s.phase !== 'movement') return [];
  return Object.values(s.units).filter(
    (u) => u.side === s.side && !s.done.includes(u.id) && (s.active.includes(u.id) || s.mp[u.id] === undefined),
  );
}

/** The units a /move or /attack names: units:, or every mover in force:'s hex. */
function moveUnits(s: DomState, o: { units?: string; force?: string }): string[] {
  if (o.units) return findUnits(s, o.units);
  if (o.force) {
    const here = movers(s).filter((u) => u.hex === o.force);
    const active = here.filter((u) => s.active.includes(u.id));
    const list = active.length ? active : here.filter((u) => s.startHex[u.id] === o.force);
    if (list.length === 0) throw new UserError(`No unit in ${o.force} can move now.`);
    return list.slice(0, 5).map((u) => u.id);
  }
  throw new UserError('Name the units (units:"7 Pz, 6 Pz") or the hex of the stack (force:<hex>).');
}

function destinationChoices(s: DomState, ids: string[], typed: string, limit = 25): Choice[] {
  const board = domBoard();
  try {
    const p = new Position(board, SHIPPED_CHARTS, s);
    const g = movingGroup(s, p, ids);
    const r = reach(p, g, Math.max(g.budget, g.northBudget));
    const out: Choice[] = [];
    for (const [h, c] of r.cost)
      if (h !== g.from) out.push({ name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ''} · ${c} MP`, value: h });
    return offer(
      out.sort((a, b) => (a.value < b.value ? -1 : 1)),
      typed,
      limit,
    );
  } catch {
    return [];
  }
}

function enemyHexChoices(s: DomState, typed: string): Choice[] {
  const board = domBoard();
  const p = new Position(board, SHIPPED_CHARTS, s);
  const mine = Object.values(s.units).filter((u) => u.side === s.side);
  const targets = new Set<HexId>();
  for (const u of mine) for (const n of board.neighbours(u.hex)) if (p.unitsAt(n, other(s.side)).length > 0) targets.add(n);
  // 11.6: with the fog of war only the top unit of the enemy stack is named, and how many lie beneath.
  const enemy = (h: HexId) => {
    const units = stackOrder(p.unitsAt(h, other(s.side)));
    if (!s.fog || s.result || units.length < 2) return units.map(unitName);
    return [unitName(units[0]!), `+${units.length - 1} unseen`];
  };
  return offer(
    [...targets].sort().map((h) => ({
      name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ''} · ${[...p.unitsAt(h, s.side).map((u) => u.id), ...enemy(h)].join(
        ', ',
      )}`.slice(0, 100),
      value: h,
    })),
    typed,
  );
}

/**
 * 11.6: /odds before an attack may count only what the attacker sees of the defending stack,
 * its top unit (unless a battle under way has shown the rest): the state without the others.
 */
function fogged(s: DomState, target: HexId, ids: readonly string[]): { state: DomState; unseen: number } {
  const side = s.units[ids[0]!]?.side;
  if (!s.fog || s.result || !side) return { state: s, unseen: 0 };
  const shown = new Set(s.battle?.odds ? [...s.battle.units, ...(s.battle.defenders ?? [])] : []);
  const beneath = stackOrder(Object.values(s.units).filter((u) => u.hex === target && u.side !== side))
    .slice(1)
    .filter((u) => !shown.has(u.id));
  if (!beneath.length) return { state: s, unseen: 0 };
  const units = { ...s.units };
  for (const u of beneath) delete units[u.id];
  return { state: { ...s, units }, unseen: beneath.length };
}

/** The target hex of /attack and /odds: a hex, or a unit standing in it. */
function targetHex(s: DomState, text: string): HexId {
  if (/^\d{4}$/.test(text.trim())) return text.trim();
  return s.units[findUnit(s, text)]!.hex;
}

/** Units next to the target that may attack it now (PA), for a default attacker list. */
function adjacentAttackers(s: DomState, target: HexId): string[] {
  const board = domBoard();
  return Object.values(s.units)
    .filter(
      (u) =>
        u.side === s.side &&
        !s.attacked.includes(u.id) &&
        board.map.grid.directionTo(u.hex, target) !== undefined &&
        !board.isReservoir(u.hex, target),
    )
    .filter((u) => !(board.natural(target) === 'marsh' && u.mech && !u.cavalry))
    .map((u) => u.id);
}

const moveSchema = z.object({
  units: z.string().max(200).optional(),
  force: hexOption.optional(),
  to: hexOption.optional(),
  path: z.string().max(300).optional(),
});
const attackSchema = z.object({
  defender: z.string().min(1).max(60),
  attackers: z.string().max(200).optional(),
  mode: z.enum(['prepared', 'mobile']).optional(),
  air: z.number().int().min(0).max(3).optional(),
});
const unitSchema = z.object({ unit: z.string().min(1).max(60) });

const hexOpt = (name: string, description: string, required = false) => ({
  name,
  type: 'string' as const,
  description,
  required,
  autocomplete: true,
  minLength: 4,
  maxLength: 4,
});

export function domOrders(charts: () => DomCharts = () => SHIPPED_CHARTS): DomOrder[] {
  const odds: DomOrder = {
    command: 'odds',
    description: 'Odds, shifts and the exact chance of each result of a possible attack (only you see it)',
    usage: '/odds defender:<hex or unit> [attackers:<units>] [mode:mobile] [air:N]',
    options: [
      {
        name: 'defender',
        type: 'string',
        description: 'The hex (or a unit in it) to attack',
        required: true,
        autocomplete: true,
        maxLength: 60,
      },
      {
        name: 'attackers',
        type: 'string',
        description: 'Attacking units, e.g. "7 Pz, 6 Pz" (default: every unit of yours next to it)',
        maxLength: 200,
      },
      {
        name: 'mode',
        type: 'string',
        description: 'Drive on Moscow: prepared (default) or mobile assault',
        choices: [
          { name: 'prepared assault', value: 'prepared' },
          { name: 'mobile assault', value: 'mobile' },
        ],
      },
      { name: 'air', type: 'integer', description: 'Drive on Moscow: aircraft committed (11.19)', minValue: 0, maxValue: 3 },
    ],
    run(s, options) {
      const o = orderOptions(attackSchema, options);
      const target = targetHex(s, o.defender);
      const ids = o.attackers ? findUnits(s, o.attackers) : adjacentAttackers(s, target);
      if (ids.length === 0) throw new UserError(`None of your units is next to ${target}; name the attackers.`);
      const { state, unseen } = fogged(s, target, ids);
      const lines = oddsPreview(domBoard(), state, target, ids, o.mode === 'mobile' ? 'MA' : 'PA', o.air ?? 0, charts()).lines;
      if (unseen)
        lines.push(
          `11.6 Fog of war: ${unseen} unit${unseen === 1 ? '' : 's'} beneath the top of ${target} ${unseen === 1 ? 'is' : 'are'} unseen and not counted; an attack shows them when its odds are computed, and cannot then be called off.`,
        );
      return { answer: lines.join('\n') };
    },
    suggest: (s, f) => (s && f.name === 'defender' ? enemyHexChoices(s, f.value) : []),
  };
  return [
    {
      command: 'move',
      description: 'Move a stack: units that began the phase together, by the cheapest path or an exact one',
      usage: '/move units:<units> to:<hex> (or force:<hex>; path:<hexes>)',
      options: [
        { name: 'units', type: 'string', description: 'Units of one stack, e.g. "7 Pz, 6 Pz"', maxLength: 200 },
        hexOpt('force', 'Hex of the stack: every unit there that may move'),
        hexOpt('to', 'Destination hex (autocomplete shows the cost)'),
        { name: 'path', type: 'string', description: 'Exact path instead, hexes to enter, e.g. 1620,1720,1821', maxLength: 300 },
      ],
      run(s, options) {
        const o = orderOptions(moveSchema, options);
        const units = moveUnits(s, o);
        const path = o.path
          ?.split(/[ ,]+/)
          .map((x) => x.trim())
          .filter(Boolean);
        const to = o.to ?? path?.[path.length - 1];
        if (!to) throw new UserError('Say where: to:<hex> or path:<hexes>.');
        return { act: { type: 'move', units, to, ...(path ? { path } : {}) } };
      },
      suggest(s, f, options, limit) {
        if (!s) return [];
        if (f.name === 'force') {
          const hexes = [...new Set(movers(s).map((u) => u.hex))].sort();
          return offer(
            hexes.map((h) => ({
              name: `${h} · ${movers(s)
                .filter((u) => u.hex === h)
                .map((u) => u.id)
                .join(', ')}`.slice(0, 100),
              value: h,
            })),
            f.value,
            limit,
          );
        }
        if (f.name === 'to') {
          try {
            return destinationChoices(
              s,
              moveUnits(s, { units: options.units as string | undefined, force: options.force as string | undefined }),
              f.value,
              limit,
            );
          } catch {
            return [];
          }
        }
        return [];
      },
    },
    {
      command: 'attack',
      description: 'Attack a hex: a prepared assault (Combat Phase) or a German mobile assault (Movement Phase)',
      usage: '/attack defender:<hex or unit> attackers:<units> [mode:mobile] [air:N]',
      options: odds.options,
      run(s, options) {
        const o = orderOptions(attackSchema, options);
        const target = targetHex(s, o.defender);
        if (o.mode === 'mobile' || (s.phase === 'movement' && s.side === 'german')) {
          if (!o.attackers) throw new UserError('Name the assault force: attackers:"7 Pz, 14 Mot".');
          return { act: { type: 'assault', units: findUnits(s, o.attackers), target } };
        }
        const ids = o.attackers ? findUnits(s, o.attackers) : adjacentAttackers(s, target);
        if (ids.length === 0) throw new UserError(`None of your units can attack ${target}.`);
        let heading: string | undefined;
        try {
          heading = oddsPreview(domBoard(), s, target, ids, 'PA', o.air ?? 0, charts())
            .lines.slice(1)
            .join('\n');
        } catch {
          heading = undefined;
        }
        return { act: { type: 'attack', target, units: ids, ...(o.air ? { air: o.air } : {}) }, ...(heading ? { heading } : {}) };
      },
      suggest: (s, f) => (s && f.name === 'defender' ? enemyHexChoices(s, f.value) : []),
    },
    odds,
    {
      command: 'battle',
      subcommand: 'choose',
      description: 'Drive on Moscow: answer the battle under way (aircraft, Bloodbath, hold, advance)',
      usage: '/battle choose choice:<choice>',
      options: [
        {
          name: 'choice',
          type: 'string',
          description: 'The answer; autocomplete lists them',
          required: true,
          autocomplete: true,
          maxLength: 40,
        },
      ],
      run(_s, options) {
        const o = orderOptions(z.object({ choice: z.string().min(1).max(40) }), options);
        return { act: { type: 'choose', option: o.choice } };
      },
      suggest(s, f) {
        const bc = s ? battleChoices(s) : undefined;
        return bc && f.name === 'choice'
          ? offer(
              bc.options.map((x) => ({ name: x.label, value: x.option })),
              f.value,
            )
          : [];
      },
    },
    {
      command: 'phase',
      subcommand: 'order',
      description: 'Drive on Moscow: declare move-then-fight or fight-then-move (5.2), and the November Offensive',
      usage: '/phase order order:move-fight|fight-move [offensive:true]',
      options: [
        {
          name: 'order',
          type: 'string',
          description: 'The phase order of this player turn',
          required: true,
          choices: [
            { name: 'move, then fight', value: 'move-fight' },
            { name: 'fight, then move', value: 'fight-move' },
          ],
        },
        { name: 'offensive', type: 'boolean', description: 'Declare the November Offensive (German, start of GT4-7)' },
      ],
      run(_s, options) {
        const o = orderOptions(z.object({ order: z.enum(['move-fight', 'fight-move']), offensive: z.boolean().optional() }), options);
        return { act: { type: 'order', order: o.order, ...(o.offensive ? { offensive: true } : {}) } };
      },
    },
    {
      command: 'phase',
      subcommand: 'end',
      description: 'End the current phase',
      usage: '/phase end',
      run: () => ({ act: { type: 'end' } }),
    },
    {
      command: 'setup',
      subcommand: 'place',
      description: 'Move one of your units to another set-up hex of its zone (3.2, 3.3, 3.6)',
      usage: '/setup place unit:<unit> hex:<hex>',
      options: [
        { name: 'unit', type: 'string', description: 'Unit, e.g. "7 Pz" or "RD 012"', required: true, autocomplete: true, maxLength: 40 },
        hexOpt('hex', 'Set-up hex (autocomplete lists the legal ones, nearest first)', true),
      ],
      run(s, options) {
        const o = orderOptions(z.object({ unit: z.string().trim().min(1).max(40), hex: hexOption }), options);
        return { act: { type: 'place', unit: findUnit(s, o.unit), hex: o.hex } };
      },
      suggest(s, f, options, limit) {
        if (!s) return [];
        if (f.name === 'unit')
          return offer(
            setupUnits(s).map((u) => ({ name: `${unitName(u)} in ${u.hex}`, value: u.id })),
            f.value,
            limit,
          );
        if (f.name !== 'hex') return [];
        try {
          const board = domBoard();
          const id = findUnit(s, String(options.unit ?? ''));
          const from = s.units[id]!.hex;
          const hexes = setupHexes(board, s, id).sort((a, b) => board.distance(from, a) - board.distance(from, b) || (a < b ? -1 : 1));
          const here = (h: HexId) => Object.values(s.units).filter((u) => u.hex === h).length;
          return offer(
            hexes.map((h) => ({ name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ''} · ${here(h)} unit(s) there`, value: h })),
            f.value,
            limit,
          );
        } catch {
          return [];
        }
      },
    },
    {
      command: 'replace',
      description: 'Soviet reinforcements: unit type and entry hex; German replacements (12.2): the unit',
      usage: '/replace unit:<type or unit> [hex:<hex>]',
      options: [
        {
          name: 'unit',
          type: 'string',
          description: 'Soviet: RD, RB, CD, TB, MRB; German: the reduced division',
          required: true,
          autocomplete: true,
          maxLength: 60,
        },
        hexOpt('hex', 'Soviet: the entry hex (a supply source or an eligible town or city)'),
      ],
      run(s, options) {
        const o = orderOptions(z.object({ unit: z.string().min(1).max(60), hex: hexOption.optional() }), options);
        if (s.phase === 'reinforcement') {
          if (!o.hex) throw new UserError(`Say where it enters: hex:<hex> (${entryList(s)}).`);
          return { act: { type: 'enter', unitType: o.unit.trim().toUpperCase(), hex: o.hex } };
        }
        return { act: { type: 'replace', unit: findUnit(s, o.unit) } };
      },
      suggest(s, f) {
        if (!s) return [];
        if (f.name === 'unit' && s.phase === 'reinforcement')
          return offer(
            Object.entries(s.arriving).map(([t, n]) => ({ name: `${t} (${n} to enter)`, value: t })),
            f.value,
          );
        if (f.name === 'unit')
          return offer(
            Object.values(s.units)
              .filter((u) => u.side === 'german' && u.steps === 1 && u.maxSteps === 2)
              .map((u) => ({ name: u.id, value: u.id })),
            f.value,
          );
        if (f.name === 'hex' && s.phase === 'reinforcement') return offer(entryChoices(s), f.value);
        return [];
      },
    },
    {
      command: 'withdraw',
      description: 'Withdraw a German unit (9.3): a 4-8 infantry division on GT5-7, the cavalry on GT7',
      usage: '/withdraw unit:<unit>',
      options: [{ name: 'unit', type: 'string', description: 'The unit to withdraw', required: true, autocomplete: true, maxLength: 60 }],
      run: (s, options) => ({ act: { type: 'withdraw', unit: findUnit(s, orderOptions(unitSchema, options).unit) } }),
      suggest: (s, f) =>
        s && f.name === 'unit'
          ? offer(
              Object.values(s.units)
                .filter((u) => u.side === 'german' && (u.type === 'infantry' || u.type === 'cavalry' || (u.mech && u.size === 'XX')))
                .map((u) => ({ name: unitName(u), value: u.id })),
              f.value,
            )
          : [],
    },
    {
      command: 'convert',
      description: 'Turn a Soviet unit of the matching type into the Guards unit drawn (9.4)',
      usage: '/convert unit:<unit>',
      options: [
        { name: 'unit', type: 'string', description: 'The RD, CD or TB to convert', required: true, autocomplete: true, maxLength: 60 },
      ],
      run: (s, options) => ({ act: { type: 'convert', unit: findUnit(s, orderOptions(unitSchema, options).unit) } }),
      suggest: (s, f) =>
        s && f.name === 'unit'
          ? offer(
              conversionCandidates(new Ctx(domBoard(), SHIPPED_CHARTS, s)).map((u) => ({
                name: `${unitName(u)} in ${u.hex}`,
                value: u.id,
              })),
              f.value,
            )
          : [],
    },
    {
      command: 'rules',
      description: 'Drive on Moscow charts: turn record track, CRT, terrain, counter mix (a reconstruction)',
      usage: '/rules chart:<chart>',
      options: [
        {
          name: 'chart',
          type: 'string',
          description: 'Which chart',
          required: true,
          choices: DOM_CHART_IDS.map((id) => ({ name: id, value: id })),
        },
      ],
      look: (options: OrderOptions) => chartText(charts(), String(options.chart ?? 'crt')),
      run: (_s, options) => ({ answer: chartText(charts(), String(options.chart ?? 'crt')) }),
    },
  ];
}

function entryChoices(s: DomState): Choice[] {
  const board = domBoard();
  return entryHexes(new Ctx(board, SHIPPED_CHARTS, s)).map((h) => ({
    name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ' supply source'}`,
    value: h,
  }));
}
function entryList(s: DomState): string {
  return entryChoices(s)
    .slice(0, 10)
    .map((c) => c.name)
    .join(', ');
}
