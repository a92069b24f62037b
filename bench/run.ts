import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { MapName } from '../src/maps/game-map.js';
import { closeRenderPool } from '../src/render/render-pool.js';
import { closeGameWork } from '../src/session/game-work.js';
import { balanceLine, benchBalanceRun } from './balance-bench.js';
import { type BotLoopFigures, benchBotEventLoop, finishedGameExport } from './bot-bench.js';
import { benchDiscordLatency, type LatencyFigures } from './discord-bench.js';
import { benchDomEngine, benchTyphoonEngine } from './engine-bench.js';
import { benchMemoryInChild, benchWholeGame } from './game-bench.js';
import { benchOrderCost } from './order-cost-bench.js';
import { performanceReport, withBalanceRow, withBotRows, withEngineRows, withPictureRows } from './performance-report.js';
import { benchStaticLayer, benchView, type ViewFigures } from './render-bench.js';

/**
 * `npm run bench [-- --runs N] [--quick] [--only bots|render|balance|pictures|engine]`: medians of repeated runs, printed, written to
 * out/bench.json and summarised against the targets in docs/performance.md.
 */
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, quick: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const runs = Number(values.runs);
const quick = values.quick!;

// `--only bots`: measure only the event-loop delay while bots think and imports replay, and
// put those rows into docs/performance.md as it stands (the other rows keep their figures).
// `--only render`: measure only the map pictures (every installed map) and print them.
if (values.only === 'render') {
  await measureRender(['operation-typhoon', 'battle-for-moscow', 'drive-on-moscow']);
  process.exit(0);
}
// `--only balance`: measure only the balance harness's speed (one thread against two) and put its row into docs/performance.md.
if (values.only === 'balance') {
  const balance = await benchBalanceRun(quick ? 10 : 40, 2, quick ? 1 : 3);
  console.log(`Balance run: ${balanceLine(balance)}`);
  writeFileSync('docs/performance.md', withBalanceRow(readFileSync('docs/performance.md', 'utf8'), balance));
  console.log('\nBalance row written to docs/performance.md');
  process.exit(0);
}
// `--only engine`: measure only the rules engines (Operation Typhoon's apply and prompt, Drive on Moscow's apply) and put their rows into docs/performance.md.
if (values.only === 'engine') {
  const { engine, domEngine } = measureEngines();
  writeFileSync('docs/performance.md', withEngineRows(readFileSync('docs/performance.md', 'utf8'), engine, domEngine));
  console.log('\nEngine rows written to docs/performance.md');
  process.exit(0);
}
// `--only pictures`: measure the pictures and the busy channels and put their rows into docs/performance.md.
if (values.only === 'pictures') {
  const { views } = await measureRender(['operation-typhoon', 'battle-for-moscow']);
  const discord = await measureDiscord();
  await closeRenderPool();
  writeFileSync('docs/performance.md', withPictureRows(readFileSync('docs/performance.md', 'utf8'), views, discord));
  console.log('\nPicture and busy-channel rows written to docs/performance.md');
  process.exit(0);
}
if (values.only !== undefined) {
  if (values.only !== 'bots') throw new Error(`--only takes "bots", "render", "balance", "pictures" or "engine" (got "${values.only}")`);
  const bots = await measureBots();
  await closeGameWork();
  writeFileSync('docs/performance.md', withBotRows(readFileSync('docs/performance.md', 'utf8'), bots));
  console.log('\nEvent-loop rows written to docs/performance.md');
  process.exit(0);
}

async function measureBots(): Promise<BotLoopFigures[]> {
  // Bots thinking and imports replaying: on the main thread (PLAY_WORKERS=0), then on the game worker threads.
  const file = await finishedGameExport();
  const bots: BotLoopFigures[] = [];
  for (const where of ['main thread', 'worker threads'] as const) bots.push(await benchBotEventLoop(where, file, 4, quick ? 2 : 4));
  const f = (n: number) => n.toFixed(1);
  console.log('\nEvent-loop delay of the main thread (ms):');
  for (const b of bots)
    console.log(
      `  ${b.where}: while ${b.channels} search bots played ${b.botActions} actions: p50 ${f(b.bots.p50Ms)}, p99 ${f(b.bots.p99Ms)}, max ${f(b.bots.maxMs)}; while ${b.imports} imports of a ${(b.importBytes / 1024).toFixed(0)} KB game (${b.importOrders} orders) replayed: p50 ${f(b.importing.p50Ms)}, p99 ${f(b.importing.p99Ms)}, max ${f(b.importing.maxMs)}`,
    );
  return bots;
}
function measureEngines() {
  benchTyphoonEngine(); // warm-up run: the figures come from the next, compiled one
  const engine = benchTyphoonEngine();
  console.log(
    `\nOperation Typhoon engine over ${engine.actions} actions: apply median ${engine.applyMedianMs.toFixed(3)} ms, p99 ${engine.applyP99Ms.toFixed(3)} ms; prompt (legal actions) median ${engine.promptMedianMs.toFixed(3)} ms; state ${(engine.stateBytes / 1024).toFixed(1)} KB`,
  );
  benchDomEngine(1, 100); // warm-up
  const domEngine = benchDomEngine(1, quick ? 200 : 600);
  console.log(
    `Drive on Moscow engine over ${domEngine.actions} orders of the heuristic bot's game: apply median ${domEngine.applyMedianMs.toFixed(2)} ms, p99 ${domEngine.applyP99Ms.toFixed(2)} ms; the bot's decision median ${domEngine.botMedianMs.toFixed(2)} ms`,
  );
  return { engine, domEngine };
}
async function measureDiscord(): Promise<LatencyFigures[]> {
  const discord = [
    await benchDiscordLatency(1, quick ? 20 : 40),
    await benchDiscordLatency(50, quick ? 4 : 8, 5000),
    await benchDiscordLatency(50, quick ? 4 : 6),
  ];
  const f = (n: number) => n.toFixed(1);
  console.log('\nSlash command to answer with map, through the fake Discord (ms):');
  for (const d of discord)
    console.log(
      `  ${String(d.busyChannels).padStart(2)} busy channel(s) ${d.paceMs ? `(an order every ${d.paceMs / 1000} s each)` : '(back to back)'}, ${d.commands} commands: p50 ${f(d.p50Ms)}, p99 ${f(d.p99Ms)}, max ${f(d.maxMs)}; ${f(d.ordersPerSecond)} orders/s; CPU ${f(d.cpuMsPerOrder)} ms per order (main thread ${d.mainThreadCpuMsPerOrder === undefined ? '?' : f(d.mainThreadCpuMsPerOrder)} ms); not acknowledged within 3 s: ${d.late}`,
    );
  return discord;
}

async function measureRender(maps: MapName[]) {
  const statics = [];
  for (const m of maps) statics.push(await benchStaticLayer(m));
  const views: ViewFigures[] = [];
  for (const m of maps) for (const v of ['full', 'zoom'] as const) views.push(await benchView(m, v, runs));

  const f = (n: number) => n.toFixed(1);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`Render benchmark, median of ${runs} runs (ms unless noted)\n`);
  for (const s of statics) console.log(`${s.map}: static layers built once: full ${f(s.fullMs)}, zoom ${f(s.zoomMs)}`);
  console.log('');
  console.log(
    'map                 view  size        draw | PNG: encode total size  floor(blank) ratio | WebP: encode total size  floor(blank) ratio',
  );
  for (const v of views) {
    const cols = (fmt: 'png' | 'webp') =>
      `${f(v.encodeMs[fmt]).padStart(6)} ${f(v.totalMs[fmt]).padStart(6)} ${kb(v.bytes[fmt]).padStart(7)} ${f(v.blankEncodeMs[fmt]).padStart(6)} ${v.ratioToFloor[fmt].toFixed(2).padStart(5)}`;
    console.log(
      `${v.map.padEnd(19)} ${v.view.padEnd(5)} ${`${v.width}x${v.height}`.padEnd(10)} ${f(v.drawMs).padStart(5)} | ${cols('png')} | ${cols('webp')}`,
    );
  }
  console.log('\nratio = (draw + encode) / encode of the finished image; floor(blank) = encoding a blank canvas of the same size.');
  return { statics, views };
}
const { statics, views } = await measureRender(['operation-typhoon', 'battle-for-moscow']);
const f = (n: number) => n.toFixed(1);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

const { engine, domEngine } = measureEngines();

const whole = await benchWholeGame(quick ? 5 : 20);
console.log(
  `Whole auto-played game (${whole.policy}, ${whole.games} seeds): median ${f(whole.medianMs)} ms for ${whole.medianActions} actions; a finished game stored: ${kb(whole.storedBytes)} (${whole.storedActions} orders)`,
);

const balance = await benchBalanceRun(quick ? 10 : 40, 2, quick ? 1 : 3);
console.log(`Balance run: ${balanceLine(balance)}`);

const orderCost = await benchOrderCost(5000);
console.log(
  `Per order in the session and store: ${f(orderCost.earlyMs)} ms early and ${f(orderCost.lateMs)} ms late in a ${orderCost.gameOrders}-order game; at ${orderCost.bigOrders} orders ${f(orderCost.bigOrderMs)} ms per order, ${f(orderCost.bigUndoMs)} ms per undo`,
);

const memory = await benchMemoryInChild(1000);
console.log(`1,000 live games in one process: heap ${f(memory.heapMb)} MB, RSS ${f(memory.rssMb)} MB`);

const discord = await measureDiscord();

const bots = await measureBots();
await closeRenderPool();
await closeGameWork();

const figures = { runs, statics, views, engine, domEngine, whole, balance, memory, discord, bots, orderCost };
mkdirSync('out', { recursive: true });
writeFileSync('out/bench.json', JSON.stringify(figures, null, 2));
mkdirSync('docs', { recursive: true });
writeFileSync('docs/performance.md', performanceReport(figures));
console.log('\nWritten to out/bench.json and docs/performance.md');
process.exit(0);
