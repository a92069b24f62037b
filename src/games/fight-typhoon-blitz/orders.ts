/**
 * Fight! Typhoon Blitz's orders: the shared commands (/move, /attack, /odds, /battle,
 * /phase end, /replace, /withdraw, /convert, /rules) and its own (/chits, /reserve), with
 * autocomplete. /chits is typed privately (Discord shows the options only to the one typing)
 * and the bot answers it without naming the chits: the choice stays sealed (6.1(3)).
 */
import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import type { Choice } from '../../contracts/reply.js';
import type { HexId } from '../../kernel/hex.js';
import { rulesOrder } from '../kit/rules-order.js';
import { hexOption, type Order, offer, orderOptions, unitByName, unitsByName } from '../orders.js';
import { ftbBoard } from './board.js';
import { chartText, FTB_CHART_IDS } from './chart-text.js';
import type { FtbCharts } from './charts.js';
import { Ctx, other } from './context.js';
import { destinations, reach } from './movement.js';
import { oddsOf } from './odds.js';
import type { FtbAction, FtbState, Unit } from './state.js';
import { chitsDue, entryHexes, selectable, selecting } from './turns.js';

type FtbOrder = Order<FtbState, FtbAction>;

export const FTB_COMMANDS: Record<string, string> = {
  chits: 'Fight! Typhoon Blitz: choose your command chits in secret (6.1), or play Guderian (7.3)',
  reserve: 'Fight! Typhoon Blitz: the units a RESERVE or OKH chit activates (15.1)',
};

const norm = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');

const UNIT_HINT = '(names as on the counters: "7 Pz", "35 Inf", "133 RD", "3PzA").';

/** A unit by id, any case and spacing: "7 Pz", "7pz". */
export function findUnit(s: FtbState, text: string): string {
  return unitByName(Object.keys(s.units), text, UNIT_HINT);
}
export function findUnits(s: FtbState, text: string): string[] {
  return unitsByName(Object.keys(s.units), text, UNIT_HINT);
}

const unitOption = (name: string, description: string, required = false) =>
  ({ name, type: 'string', description, autocomplete: true, maxLength: 200, ...(required ? { required } : {}) }) as const;

function ctxOf(s: FtbState, charts: FtbCharts): Ctx {
  return new Ctx(ftbBoard(), charts, s);
}
function label(c: Ctx, u: Unit): string {
  const [a, d, ma] = c.values(u);
  return `${u.id} ${c.isMech(u) ? `${a}-${d}` : a}-${ma}${u.maxSteps === 2 && u.steps === 1 ? ' reduced' : ''} · ${u.hex ?? u.where}`;
}
function hexName(c: Ctx, h: HexId): string {
  return `${h}${c.board.placeName(h) ? ` ${c.board.placeName(h)}` : ''}`;
}

/** Chits typed so far: autocomplete completes the last name of a comma list. */
function chitChoices(c: Ctx, typed: string): Choice[] {
  const side = selecting(c);
  if (c.s.phase !== 'select' || !side) return [];
  const parts = typed.split(',').map((x) => x.trim());
  const last = parts.pop() ?? '';
  const head = parts.filter(Boolean);
  const left = selectable(c, side).filter((ch) => !head.includes(ch));
  return offer(
    left.map((ch) => {
      const value = [...head, ch].join(', ');
      return { name: value.slice(0, 100), value: value.slice(0, 100) };
    }),
    last,
  );
}

export function ftbOrders(charts: () => FtbCharts): FtbOrder[] {
  const activeUnits = (s: FtbState, typed: string): Choice[] => {
    const c = ctxOf(s, charts());
    const chit = s.chit;
    if (!chit) return [];
    return offer(
      chit.units
        .map((id) => c.unit(id)!)
        .filter((u) => u.where === 'map' && (s.phase !== 'move' || !chit.moved.includes(u.id)))
        .map((u) => ({ name: label(c, u), value: u.id })),
      typed,
    );
  };
  return [
    {
      command: 'chits',
      subcommand: 'choose',
      description: 'Choose this turn’s command chits in secret (6.1); the reply never names them',
      usage: '/chits choose pick:"4PzA, 3PzA, GUDERIAN, ..." [hold:true]',
      options: [
        {
          name: 'pick',
          type: 'string',
          description: 'Your chits, comma-separated (autocomplete lists them)',
          required: true,
          autocomplete: true,
          maxLength: 300,
        },
        { name: 'hold', type: 'boolean', description: 'Axis: keep the Guderian chit in hand to interrupt a draw (6.3)' },
      ],
      run(s, options) {
        const o = orderOptions(z.object({ pick: z.string(), hold: z.boolean().optional() }), options);
        const c = ctxOf(s, charts());
        const side = selecting(c);
        if (s.phase !== 'select' || !side) throw new UserError('No chit choice is due now: /game status says what the game waits for.');
        const all = side === 'german' ? charts().chits.axis : charts().chits.soviet;
        const chits = o.pick
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .map((x) => all.find((ch) => norm(ch) === norm(x)) ?? x.toUpperCase());
        return { act: { type: 'chits', chits, ...(o.hold ? { hold: true } : {}) } };
      },
      suggest: (s, focused) => (s && focused.name === 'pick' ? chitChoices(ctxOf(s, charts()), focused.value) : []),
    },
    {
      command: 'chits',
      subcommand: 'guderian',
      description: 'Axis with Guderian in hand: play it on the chit just drawn, or let that chit run (7.3)',
      usage: '/chits guderian play:true|false',
      options: [{ name: 'play', type: 'boolean', description: 'true: interrupt; false: let the drawn chit run', required: true }],
      run: (_s, options) => ({ act: { type: 'interrupt', play: options.play === true } }),
    },
    {
      command: 'reserve',
      description: 'RESERVE or OKH: the units it activates (15.1)',
      usage: '/reserve units:"133 RD, 127 T, 22A"',
      options: [unitOption('units', 'The units, comma-separated', true)],
      run: (s, options) => ({ act: { type: 'reserve', units: findUnits(s, String(options.units ?? '')) } }),
      suggest: (s, focused) => {
        if (s?.phase !== 'reserve') return [];
        const c = ctxOf(s, charts());
        return offer(
          c
            .onMap(s.side)
            .sort((a, b) => (a.id < b.id ? -1 : 1))
            .map((u) => ({ name: label(c, u), value: u.id })),
          focused.value,
        );
      },
    },
    {
      command: 'move',
      description: 'Move one activated unit (9.1); strategic: along the road at 1/2 MP a hex (9.3)',
      usage: '/move unit:<unit> to:<hex> [strategic:true]',
      options: [
        unitOption('unit', 'The unit, e.g. "7 Pz"'),
        { name: 'to', type: 'string', description: 'The destination hex, e.g. 1613', autocomplete: true, minLength: 4, maxLength: 4 },
        { name: 'strategic', type: 'boolean', description: 'Fight! Typhoon Blitz: strategic movement along the road (9.3)' },
      ],
      run(s, options) {
        const o = orderOptions(
          z.object({ unit: z.string().optional(), to: hexOption.optional(), strategic: z.boolean().optional() }),
          options,
        );
        if (!o.unit || !o.to) throw new UserError('Name the unit and the hex: /move unit:"7 Pz" to:1613.');
        return { act: { type: 'move', unit: findUnit(s, o.unit), to: o.to, ...(o.strategic ? { strategic: true } : {}) } };
      },
      suggest(s, focused, options) {
        if (s?.phase !== 'move') return [];
        if (focused.name === 'unit') return activeUnits(s, focused.value);
        if (focused.name !== 'to' || !options.unit) return [];
        try {
          const c = ctxOf(s, charts());
          const u = c.unit(findUnit(s, String(options.unit)))!;
          const r = reach(c, u, options.strategic === true);
          return offer(
            destinations(c, u, options.strategic === true)
              .sort()
              .map((h) => ({ name: `${hexName(c, h)} · ${r.get(h)!.cost} MP`, value: h })),
            focused.value,
          );
        } catch {
          return [];
        }
      },
    },
    {
      command: 'attack',
      description: 'Declare an attack on an enemy hex (10.1-10.2); resolve them with /battle resolve',
      usage: '/attack defender:<hex> attackers:"7 Pz, 35 Inf"',
      options: [
        { name: 'defender', type: 'string', description: 'The enemy hex (or a unit in it)', autocomplete: true, maxLength: 40 },
        unitOption('attackers', 'Attacking units, comma-separated (default: every activated unit next to it)'),
      ],
      run(s, options) {
        const target = targetHex(s, String(options.defender ?? ''));
        const units = options.attackers ? findUnits(s, String(options.attackers)) : adjacent(s, charts(), target);
        return { act: { type: 'attack', target, units } };
      },
      suggest: (s, focused) =>
        s && focused.name === 'defender' ? targets(s, charts(), focused.value) : s ? activeUnits(s, focused.value) : [],
    },
    {
      command: 'odds',
      description: 'The odds of an attack, with every shift, before declaring it (10.3)',
      usage: '/odds defender:<hex> [attackers:"7 Pz, 35 Inf"]',
      options: [
        { name: 'defender', type: 'string', description: 'The enemy hex (or a unit in it)', autocomplete: true, maxLength: 40 },
        unitOption('attackers', 'Attacking units, comma-separated (default: every activated unit next to it)'),
      ],
      run(s, options) {
        const target = targetHex(s, String(options.defender ?? ''));
        const ids = options.attackers ? findUnits(s, String(options.attackers)) : adjacent(s, charts(), target);
        const c = ctxOf(s, charts());
        if (!ids.length) throw new UserError(`No activated unit is next to ${target}.`);
        const o = oddsOf(
          c,
          target,
          ids.map((id) => c.unit(id)!),
        );
        return {
          answer: `${ids.join(', ')} on ${target}: ${o.attack} to ${o.defence}, ${o.label}${o.why.length ? ` after ${o.why.join(', ')}` : ''}`,
        };
      },
      suggest: (s, focused) =>
        s && focused.name === 'defender' ? targets(s, charts(), focused.value) : s ? activeUnits(s, focused.value) : [],
    },
    {
      command: 'battle',
      subcommand: 'resolve',
      description: 'Roll for a declared attack (10.2: declarations close)',
      usage: '/battle resolve defender:<hex>',
      options: [{ name: 'defender', type: 'string', description: 'The defending hex', autocomplete: true, maxLength: 40 }],
      run(s, options) {
        const d = s.chit?.declared ?? [];
        const target = options.defender ? targetHex(s, String(options.defender)) : d.length === 1 ? d[0]!.target : '';
        if (!target) throw new UserError(`Say which attack: ${d.map((x) => x.target).join(', ') || 'none is declared'}.`);
        return { act: { type: 'resolve', target } };
      },
      suggest: (s) =>
        (s?.chit?.declared ?? []).map((d) => ({ name: `${d.target} by ${d.units.join(', ')}`.slice(0, 100), value: d.target })),
    },
    {
      command: 'battle',
      subcommand: 'advance',
      description: 'Advance after combat into the emptied hex, mechanized one hex more (10.7)',
      usage: '/battle advance unit:<unit> [to:<second hex>]',
      options: [
        unitOption('unit', 'An attacking unit'),
        { name: 'to', type: 'string', description: 'Fight! Typhoon Blitz: a second hex (mechanized, 10.7)', minLength: 4, maxLength: 4 },
      ],
      run(s, options) {
        const a = s.advance;
        if (!a) throw new UserError('No hex waits for an advance after combat.');
        const unit = options.unit ? findUnit(s, String(options.unit)) : a.units.find((id) => !a.done.includes(id));
        if (!unit) throw new UserError('Name the unit that advances.');
        const to = options.to ? hexOption.parse(String(options.to)) : undefined;
        return { act: { type: 'advance', unit, path: to ? [a.target, to] : [a.target] } };
      },
      suggest: (s) =>
        s?.advance ? s.advance.units.filter((id) => !s.advance!.done.includes(id)).map((id) => ({ name: id, value: id })) : [],
    },
    {
      command: 'phase',
      subcommand: 'end',
      description: 'End the movement segment, the chit, the placements or withdrawals',
      usage: '/phase end',
      run: () => ({ act: { type: 'end' } }),
    },
    {
      command: 'replace',
      description: 'Fight! Typhoon Blitz reinforcements: a unit from the Available Box and its rail hex (12.1)',
      usage: '/replace unit:<unit> hex:<hex>',
      options: [
        unitOption('unit', 'The unit'),
        { name: 'hex', type: 'string', description: 'The entry hex', autocomplete: true, minLength: 4, maxLength: 4 },
      ],
      run(s, options) {
        const o = orderOptions(z.object({ unit: z.string().optional(), hex: hexOption.optional() }), options);
        if (!o.unit || !o.hex) throw new UserError('Name the unit and the hex: /replace unit:"32 RD" hex:3109.');
        return { act: { type: 'place', unit: findUnit(s, o.unit), hex: o.hex } };
      },
      suggest(s, focused) {
        if (s?.phase !== 'reinforce' || !s.chit) return [];
        const c = ctxOf(s, charts());
        if (focused.name === 'unit')
          return offer(
            Object.values(s.units)
              .filter((u) => u.side === s.chit!.side && u.where === 'available')
              .map((u) => ({ name: label(c, u), value: u.id })),
            focused.value,
          );
        const hexes = new Set([
          ...(s.chit.reinf ? entryHexes(c, s.chit.side, false) : []),
          ...(s.chit.garrison ? entryHexes(c, s.chit.side, true) : []),
        ]);
        return offer(
          [...hexes].sort().map((h) => ({ name: hexName(c, h), value: h })),
          focused.value,
        );
      },
    },
    {
      command: 'withdraw',
      description: 'SUPPLY chit: a unit with a line goes to the Available Box (11.2)',
      usage: '/withdraw unit:<unit>',
      options: [unitOption('unit', 'The unit to withdraw', true)],
      run: (s, options) => ({ act: { type: 'withdraw', unit: findUnit(s, String(options.unit ?? '')) } }),
      suggest: (s, focused) =>
        s
          ? offer(
              ctxOf(s, charts())
                .onMap(s.side)
                .map((u) => ({ name: u.id, value: u.id })),
              focused.value,
            )
          : [],
    },
    {
      command: 'convert',
      description: 'Turn 8 SOVIET REINF, optional rule: a rifle division becomes a Guards division (15.2)',
      usage: '/convert unit:<rifle division>',
      options: [unitOption('unit', 'The rifle division', true)],
      run: (s, options) => ({ act: { type: 'convert', unit: findUnit(s, String(options.unit ?? '')) } }),
      suggest: (s, focused) =>
        s
          ? offer(
              Object.values(s.units)
                .filter((u) => u.type === 'RD' && u.where === 'map')
                .map((u) => ({ name: `${u.id} · ${u.hex}`, value: u.id })),
              focused.value,
            )
          : [],
    },
    rulesOrder(
      'Fight! Typhoon Blitz charts: turn track, CRT, terrain, counters, chits, readings (a reconstruction)',
      FTB_CHART_IDS.map((id) => ({ name: id, value: id })),
      (options) => chartText(charts(), String(options.chart ?? 'crt')),
    ),
  ];
}

function targetHex(s: FtbState, text: string): HexId {
  const t = text.trim();
  if (/^\d{4}$/.test(t)) return t;
  if (!t) throw new UserError('Name the defending hex, e.g. defender:1613.');
  const u = s.units[findUnit(s, t)]!;
  if (!u.hex) throw new UserError(`${u.id} is not on the map.`);
  return u.hex;
}

function adjacent(s: FtbState, charts: FtbCharts, target: HexId): string[] {
  const c = ctxOf(s, charts);
  const chit = s.chit;
  if (!chit) return [];
  return chit.units.filter((id) => {
    const u = c.unit(id)!;
    return u.where === 'map' && !chit.attacked.includes(id) && c.board.distance(u.hex!, target) === 1;
  });
}

function targets(s: FtbState, charts: FtbCharts, typed: string): Choice[] {
  const c = ctxOf(s, charts);
  const chit = s.chit;
  if (!chit) return [];
  const out = new Set<HexId>();
  for (const id of chit.units) {
    const u = c.unit(id)!;
    if (u.where !== 'map' || chit.attacked.includes(id)) continue;
    for (const n of c.board.neighbours(u.hex!)) if (c.sideAt(n) === other(chit.side) && !chit.hexesAttacked.includes(n)) out.add(n);
  }
  return offer(
    [...out].sort().map((h) => ({
      name: `${hexName(c, h)} · ${c
        .at(h)
        .map((u) => u.id)
        .join(', ')}`.slice(0, 100),
      value: h,
    })),
    typed,
  );
}

export { chitsDue };
