/**
 * The German order of battle: Army Group Centre on 2 October 1941, by army and panzer group,
 * with the corps each division served under (so the source note says where it comes from).
 * CDRs: the panzer division's 7/3 is printed (2.4); the others are scaled from it.
 */
import type { FormationId, GermanUnitSpec } from '../types.js';

const OOB = 'historical OOB, Army Group Centre 2 Oct 1941';

const CDR = {
  panzer: {
    full: 7,
    reduced: 3,
    note: 'CDR 7/3 rule 2.4 sample panzer division',
  },
  motorized: {
    full: 5,
    reduced: 2,
    note: 'CDR 5/2 calibrated (initial): two-regiment motorized division, weaker than the 7/3 panzer division (2.4) but mechanized',
  },
  ssMotorized: {
    full: 6,
    reduced: 3,
    note: "CDR 6/3 calibrated (initial): SS Das Reich had three motorized regiments against the army motorized divisions' two",
  },
  infantry: {
    full: 4,
    reduced: 2,
    note: "CDR 4/2 calibrated (initial): foot infantry division, worn down by Barbarossa and short of the panzer division's armour",
  },
  cavalry: {
    full: 3,
    reduced: 1,
    note: "CDR 3/1 calibrated (initial): horse cavalry division, light in firepower against an infantry division's 4/2",
  },
  gd: {
    full: 3,
    reduced: 1,
    note: 'CDR 3/1 calibrated (initial): a reinforced motorized regiment counting half a division (7.2), strong for its size',
  },
  lehr: {
    full: 2,
    reduced: 1,
    note: 'CDR 2/1 calibrated (initial): a small motorized brigade counting half a division (7.2)',
  },
} as const;

type Kind = keyof typeof CDR;

const KIND: Record<Kind, Pick<GermanUnitSpec, 'type' | 'mobility' | 'size' | 'stacking'>> = {
  panzer: { type: 'panzer', mobility: 'mechanized', size: 'division', stacking: 1 },
  motorized: { type: 'motorized', mobility: 'mechanized', size: 'division', stacking: 1 },
  ssMotorized: { type: 'motorized', mobility: 'mechanized', size: 'division', stacking: 1 },
  infantry: { type: 'infantry', mobility: 'non-mechanized', size: 'division', stacking: 1 },
  cavalry: { type: 'cavalry', mobility: 'non-mechanized', size: 'division', stacking: 1 },
  gd: { type: 'motorized', mobility: 'mechanized', size: 'regiment', stacking: 0.5 },
  lehr: { type: 'motorized', mobility: 'mechanized', size: 'brigade', stacking: 0.5 },
};

function unit(formation: FormationId, corps: string, kind: Kind, id: string, label: string, extra = ''): GermanUnitSpec {
  const cdr = CDR[kind];
  return {
    id,
    label,
    formation,
    ...KIND[kind],
    cdr: { full: cdr.full, reduced: cdr.reduced },
    source: `${OOB}, ${corps}${extra}; ${cdr.note}`,
  };
}

const pz = (f: FormationId, corps: string, n: number) => unit(f, corps, 'panzer', `${n}pz`, `${n} Pz`);
const mot = (f: FormationId, corps: string, n: number) => unit(f, corps, 'motorized', `${n}mot`, `${n} Mot`);
const inf = (f: FormationId, corps: string, ...ns: number[]) => ns.map((n) => unit(f, corps, 'infantry', `${n}inf`, `${n} Inf`));

export const GERMAN_UNITS: GermanUnitSpec[] = [
  // 9th Army (Strauss)
  ...inf('9A', 'VIII Corps', 8, 28, 87),
  ...inf('9A', 'XXIII Corps', 102, 206, 251, 256),
  ...inf('9A', 'XXVII Corps', 86, 162, 255),
  ...inf('9A', 'army reserve', 161),

  // Panzer Group 3 (Hoth), with the two infantry corps under it
  pz('PG3', 'XXXXI Motorized Corps', 1),
  mot('PG3', 'XXXXI Motorized Corps', 36),
  pz('PG3', 'LVI Motorized Corps', 6),
  pz('PG3', 'LVI Motorized Corps', 7),
  mot('PG3', 'LVI Motorized Corps', 14),
  ...inf('PG3', 'LVI Motorized Corps', 129),
  ...inf('PG3', 'V Corps', 5, 35, 106),
  ...inf('PG3', 'VI Corps', 6, 26, 110),

  // 4th Army (von Kluge)
  ...inf('4A', 'VII Corps', 7, 23, 197, 267),
  ...inf('4A', 'IX Corps', 137, 183, 263, 292),
  ...inf('4A', 'XX Corps', 15, 78, 268),

  // Panzer Group 4 (Hoepner)
  pz('PG4', 'XXXX Motorized Corps', 2),
  pz('PG4', 'XXXX Motorized Corps', 10),
  unit('PG4', 'XXXX Motorized Corps', 'ssMotorized', 'das-reich', 'SS-R', ' (SS Division Das Reich)'),
  pz('PG4', 'XXXXVI Motorized Corps', 5),
  pz('PG4', 'XXXXVI Motorized Corps', 11),
  ...inf('PG4', 'XXXXVI Motorized Corps', 252),
  pz('PG4', 'LVII Motorized Corps', 19),
  pz('PG4', 'LVII Motorized Corps', 20),
  mot('PG4', 'LVII Motorized Corps', 3),
  ...inf('PG4', 'XII Corps', 34, 98),
  unit(
    'PG4',
    'army group troops attached to the panzer group',
    'lehr',
    'lehr',
    '900 L',
    ' (Lehr Brigade 900; its exact attachment is uncertain)',
  ),

  // 2nd Army (von Weichs)
  ...inf('2A', 'XIII Corps', 17, 260),
  ...inf('2A', 'XXXXIII Corps', 31, 131),
  ...inf('2A', 'LIII Corps', 52, 56, 167),
  ...inf('2A', 'army reserve', 112),

  // Panzer Group 2 (Guderian), with the infantry corps under it
  pz('PG2', 'XXIV Motorized Corps', 3),
  pz('PG2', 'XXIV Motorized Corps', 4),
  mot('PG2', 'XXIV Motorized Corps', 10),
  unit('PG2', 'XXIV Motorized Corps', 'gd', 'gd', 'GD', ' (Infantry Regiment (mot.) Gross Deutschland)'),
  pz('PG2', 'XXXXVII Motorized Corps', 17),
  pz('PG2', 'XXXXVII Motorized Corps', 18),
  mot('PG2', 'XXXXVII Motorized Corps', 29),
  pz('PG2', 'XXXXVIII Motorized Corps', 9),
  mot('PG2', 'XXXXVIII Motorized Corps', 16),
  mot('PG2', 'XXXXVIII Motorized Corps', 25),
  ...inf('PG2', 'XXXIV Corps', 45, 134),
  unit('PG2', 'XXXV Corps', 'cavalry', '1cav', '1 Cav', ' (1st Cavalry Division)'),
  ...inf('PG2', 'XXXV Corps', 95, 262, 293, 296),
];
