/**
 * Operation Typhoon's guided first turn (/game help topic:first-turn): the steps of turn 1 in
 * order, each with the command to type (or the button to press) and the rule it follows.
 */
export const TYPHOON_GUIDES = [
  {
    id: 'first-turn',
    title: 'Your first turn of Operation Typhoon',
    text: [
      '**Your first turn of Operation Typhoon**: you are Army Group Centre; the bot raises the Soviets.',
      '**1. Start.** `/game new game:operation-typhoon`, then the **Start turn 1** button (or `/setup done`). `/game status` shows the turn, the next victory check (end of turn 2: 200 pocket hexes, 4.2) and what the game waits for.',
      '**2. Find a spearhead.** `/force list army:PG3` lists a formation’s stacks with their hex, units and MP; `/game map center:PG3` shows them.',
      '**3. Luftwaffe first (9.1).** Before any force moves: `/air assign hex:<hex of a strong stack>`, twice (two units on turn 1). A first move that would forfeit them asks you first.',
      '**4. A first move.** Press **Move…**: pick a stack, then a hex (each shows its MP cost; "Soviet: battle" ends the move in a battle; "closes a pocket" cuts one off). Typists: `/move force:<hex> to:<hex>` (autocomplete lists both). Entering a Soviet hex rolls for the defenders (force generation).',
      '**5. The battle (10.x).** Both sides fire, every die shown. **Another round** (1 MP) fights on, and its result replaces the report you pressed it under; **Retreat** goes back. Or `/battle round`, `/battle retreat`. Winning takes the hex; a pocket cut off may break out (11.x).',
      '**6. On with the turn.** Move the next stack (a new force ends the one moving, 9.0), `/force drop units:"252 Inf"` to leave units behind, `/force end` to stop. `/game undo` takes back an order unless dice were rolled.',
      '**7. End the turn.** The **End turn** button or `/phase end`: while stacks can still move it asks first and says what would be given up. Then the victory check, regroup and turn 2.',
      'Rules and charts: `/rules chart:crt` (also turns, movement, terrain, forces, breakout, oob).',
    ].join('\n'),
  },
] as const;
