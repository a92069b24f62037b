import { describe, expect, it } from 'vitest';
import { botActionOn } from '../../../src/games/battle-for-moscow/bot.js';
import { bfmEngine, type Position, positionOf } from '../../../src/games/battle-for-moscow/index.js';
import { SOVIET_STYLES, sovietScore } from '../../../src/games/battle-for-moscow/search-bot.js';

/** The search Soviets' plans and what they judge a turn by. */
const e = bfmEngine();
const moscow = e.bm.moscow;
const dist = (hex: string) => e.bm.map.grid.distance(hex, moscow);

describe('the Battle for Moscow search Soviets', () => {
  it('weighs only the plans that differ in each phase it searches, rail movement left to the heuristic', () => {
    expect(Object.keys(SOVIET_STYLES).sort()).toEqual(['soviet-combat', 'soviet-movement', 'soviet-replacement']);
    expect(SOVIET_STYLES['soviet-replacement']!.some((s) => s.reserve)).toBe(true);
    expect(new Set(SOVIET_STYLES['soviet-combat']!.map((s) => s.attack)).size).toBe(SOVIET_STYLES['soviet-combat']!.length);
    expect(new Set(SOVIET_STYLES['soviet-movement']!.map((s) => `${s.line ?? 0}|${s.moveThreshold}|${s.ring ?? false}`)).size).toBe(
      SOVIET_STYLES['soviet-movement']!.length,
    );
  });

  it('in the reserve plan, restores the army next to Moscow rather than the one at the front', () => {
    // 20 Army (half) faces XXXIV Corps at the front; 16 Army (half) stands next to Moscow, 24 Army holds it.
    const position: Position = {
      turn: 5,
      phase: 'soviet-replacement',
      replacements: 1,
      units: {
        XXXIV: { hex: '0705', full: true },
        '20A': { hex: '0704' },
        '16A': { hex: '1002' },
        '24A': { hex: '1103', full: true },
      },
    };
    const b = e.board(positionOf(position));
    const reserve = SOVIET_STYLES['soviet-replacement']!.find((s) => s.reserve)!;
    const front = botActionOn(b);
    const near = botActionOn(b, reserve);
    expect(front).toEqual({ type: 'replace', unit: '20A' });
    expect(near).toEqual({ type: 'replace', unit: '16A' });
    expect(dist('1002')).toBeLessThan(dist('0704'));
  });

  it('in the ring plan, fills a hex next to Moscow that the heuristic leaves empty under German threat', () => {
    // Every hex next to Moscow is held but 1003, which XXIV and XLI Corps (full) stand next to;
    // 19 Army (half) is next to it. Against 24 German strength a half army in the fortification
    // is outnumbered three to one, so the heuristic keeps it back, and a panzer corps could
    // walk into 1003 and assault Moscow from there.
    const position: Position = {
      turn: 6,
      phase: 'soviet-movement',
      units: {
        '30A': { hex: moscow },
        '24A': { hex: '1102', full: true },
        '20A': { hex: '1203', full: true },
        '49A': { hex: '1104', full: true },
        '50A': { hex: '1002', full: true },
        '19A': { hex: '1004' },
        XXIV: { hex: '0903', full: true },
        XLI: { hex: '0904', full: true },
      },
    };
    const b = e.board(positionOf(position));
    const ring = SOVIET_STYLES['soviet-movement']!.find((s) => s.ring)!;
    expect(dist('1003')).toBe(1);
    expect(botActionOn(b)).toEqual({ type: 'end-phase' });
    expect(botActionOn(b, ring)).toEqual({ type: 'move', unit: '19A', to: '1003' });
  });

  it('scores a turn lower when German strength gathers next to Moscow, and lowest when Moscow falls', () => {
    const base: Position = {
      turn: 6,
      phase: 'soviet-replacement',
      units: { '24A': { hex: '1103' }, XXIV: { hex: '0705', full: true }, XLI: { hex: '0604', full: true } },
    };
    const far = sovietScore(e.board(positionOf(base)));
    const near = sovietScore(
      e.board(positionOf({ ...base, units: { ...base.units, XXIV: { hex: '1003', full: true }, XLI: { hex: '1002', full: true } } })),
    );
    const fallen = sovietScore(
      e.board(
        positionOf({
          ...base,
          units: { XXIV: { hex: moscow, full: true }, XLI: { hex: '1002', full: true } },
          cities: { [moscow]: 'german' },
        }),
      ),
    );
    expect(dist('1003')).toBe(1);
    expect(near).toBeLessThan(far);
    expect(fallen).toBeLessThan(near);
  });

  it('keeps the Moscow garrison out of its battles in every combat plan, where the heuristic would send it', () => {
    // XXXIV Corps (reduced) next to Moscow: the heuristic attacks with 19 Army and the garrison, 16 Army.
    const b = e.board(
      positionOf({
        turn: 5,
        phase: 'soviet-combat',
        units: {
          XXXIV: { hex: '1003' },
          '16A': { hex: moscow, full: true },
          '19A': { hex: '1002', full: true },
          XLI: { hex: '0601', full: true },
        },
      }),
    );
    expect(botActionOn(b)).toEqual({ type: 'declare', defender: 'XXXIV', attackers: ['19A', '16A'] });
    for (const style of SOVIET_STYLES['soviet-combat']!) {
      expect(style.guard).toBe(true);
      expect(botActionOn(b, style)).toMatchObject({ type: 'declare', defender: 'XXXIV', attackers: ['19A'] });
    }
  });
});
